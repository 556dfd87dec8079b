import Foundation

/// Headless Chromium (Debian's package) as an oracle: plays a movie in a real
/// `<video>` element, from the start or after a seek, and reports what the page saw.
///
/// The movie is served over HTTP on 127.0.0.1 with byte ranges (Chromium seeks
/// only with them) by a small Python server, which also receives the page's
/// report: a JSON object posted to `/report` when the video ends, fails, or
/// stops advancing.
public enum Browser {
    /// What the page saw.
    public struct Playback: Decodable, CustomStringConvertible {
        /// `ended`, `error` or `stalled`.
        public var outcome: String
        /// The media error's code and message, for `error`.
        public var error: String?
        /// The element's `currentTime` and `duration` at the end.
        public var currentTime: Double
        public var duration: Double
        /// Frames presented (requestVideoFrameCallback calls, their last `presentedFrames`).
        public var presentedFrames: Int
        /// `getVideoPlaybackQuality()`: total, dropped and corrupted frames.
        public var totalVideoFrames: Int
        public var droppedVideoFrames: Int
        public var corruptedVideoFrames: Int
        /// Where playback started (the seek), in seconds.
        public var startedAt: Double

        public var description: String {
            "\(outcome)\(error.map { " (\($0))" } ?? ""): \(currentTime) of \(duration) s from \(startedAt) s, "
                + "\(presentedFrames) presented, \(totalVideoFrames) total, \(droppedVideoFrames) dropped, \(corruptedVideoFrames) corrupted"
        }
    }

    /// The Chromium executable, or nil when it is not installed.
    public static var executable: URL? {
        ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { try? Tool.locate($0) }.first
    }

    /// Plays `movie` from `seek` seconds to its end at `rate`× speed and returns
    /// what the page saw.
    ///
    /// - Throws: when Chromium or Python is missing, or no report comes within `timeout` seconds.
    public static func play(_ movie: String, seek: Double = 0, rate: Double = 2, timeout: TimeInterval = 120) throws -> Playback {
        guard let chromium = executable else { throw Tool.Failure(description: "chromium is not installed (scripts/bootstrap.sh installs it)") }
        let folder = try TemporaryFolder()
        let root = URL(fileURLWithPath: folder.path)
        try FileManager.default.copyItem(atPath: movie, toPath: root.appendingPathComponent("movie" + (movie.hasSuffix(".mov") ? ".mov" : ".mp4")).path)
        try page.write(to: root.appendingPathComponent("player.html"), atomically: true, encoding: .utf8)
        try server.write(to: root.appendingPathComponent("serve.py"), atomically: true, encoding: .utf8)
        let report = root.appendingPathComponent("report.json")
        let portFile = root.appendingPathComponent("port")

        let python = Process()
        python.executableURL = try Tool.locate("python3")
        python.arguments = [root.appendingPathComponent("serve.py").path, root.path]
        python.standardOutput = FileHandle.nullDevice
        python.standardError = FileHandle.nullDevice
        try python.run()
        defer { python.terminate(); python.waitUntilExit() }
        var port: String?
        for _ in 0..<200 where port == nil {
            port = (try? String(contentsOf: portFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if port?.isEmpty ?? true { port = nil; usleep(50_000) }
        }
        guard let port else { throw Tool.Failure(description: "the test's HTTP server did not start") }

        let name = movie.hasSuffix(".mov") ? "movie.mov" : "movie.mp4"
        let browser = Process()
        browser.executableURL = chromium
        browser.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--mute-audio", "--no-first-run", "--disable-extensions",
            "--autoplay-policy=no-user-gesture-required", "--user-data-dir=\(root.appendingPathComponent("profile").path)",
            "http://127.0.0.1:\(port)/player.html?src=\(name)&seek=\(seek)&rate=\(rate)",
        ]
        browser.standardOutput = FileHandle.nullDevice
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        defer { browser.terminate(); browser.waitUntilExit() }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = try? Data(contentsOf: report), !data.isEmpty {
                return try JSONDecoder().decode(Playback.self, from: data)
            }
            usleep(100_000)
        }
        throw Tool.Failure(description: "chromium sent no report on \(movie) within \(Int(timeout)) s")
    }

    private static let page = """
        <!doctype html><meta charset="utf-8"><video id="v" muted playsinline preload="auto"></video><script>
        const q = new URLSearchParams(location.search), v = document.getElementById('v');
        const seek = parseFloat(q.get('seek') || '0');
        let presented = 0, sent = false, lastTime = -1, still = 0;
        function report(outcome) {
          if (sent) return; sent = true;
          const quality = v.getVideoPlaybackQuality();
          fetch('/report', {method: 'POST', body: JSON.stringify({
            outcome, error: v.error ? v.error.code + ' ' + v.error.message : null,
            currentTime: v.currentTime, duration: v.duration || 0, presentedFrames: presented,
            totalVideoFrames: quality.totalVideoFrames, droppedVideoFrames: quality.droppedVideoFrames,
            corruptedVideoFrames: quality.corruptedVideoFrames, startedAt: seek})});
        }
        function count(now, meta) { presented = meta.presentedFrames; v.requestVideoFrameCallback(count); }
        v.requestVideoFrameCallback(count);
        v.addEventListener('error', () => report('error'));
        v.addEventListener('ended', () => report('ended'));
        v.addEventListener('loadedmetadata', () => {
          v.playbackRate = parseFloat(q.get('rate') || '1');
          if (seek > 0) { v.currentTime = seek; v.addEventListener('seeked', () => v.play(), {once: true}); } else { v.play(); }
        });
        setInterval(() => {
          if (v.currentTime === lastTime && !v.paused) { if (++still > 20) report('stalled'); } else { still = 0; }
          lastTime = v.currentTime;
        }, 500);
        v.src = q.get('src');
        </script>
        """

    private static let server = #"""
        import http.server, os, re, sys
        root = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                tmp = os.path.join(root, 'report.tmp')
                with open(tmp, 'wb') as f: f.write(body)
                os.replace(tmp, os.path.join(root, 'report.json'))
                self.send_response(204); self.end_headers()
            def do_GET(self):
                path = os.path.join(root, self.path.split('?')[0].lstrip('/'))
                if not os.path.isfile(path):
                    self.send_response(404); self.end_headers(); return
                size = os.path.getsize(path)
                kind = 'text/html' if path.endswith('.html') else ('video/quicktime' if path.endswith('.mov') else 'video/mp4')
                match = re.match(r'bytes=(\d*)-(\d*)', self.headers.get('Range', ''))
                start, end = 0, size - 1
                if match:
                    if match.group(1): start = int(match.group(1))
                    if match.group(2): end = min(int(match.group(2)), size - 1)
                    self.send_response(206)
                    self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, end, size))
                else:
                    self.send_response(200)
                self.send_header('Content-Type', kind)
                self.send_header('Accept-Ranges', 'bytes')
                self.send_header('Content-Length', str(end - start + 1))
                self.end_headers()
                with open(path, 'rb') as f:
                    f.seek(start)
                    remaining = end - start + 1
                    try:
                        while remaining > 0:
                            chunk = f.read(min(65536, remaining))
                            if not chunk: break
                            self.wfile.write(chunk); remaining -= len(chunk)
                    except (BrokenPipeError, ConnectionResetError):
                        pass
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        with open(os.path.join(root, 'port'), 'w') as f: f.write(str(server.server_address[1]))
        server.serve_forever()
        """#
}
