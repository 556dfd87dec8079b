public import MixdownDSP
internal import MixdownSystem
public import MixdownUnits

extension ConformCache {
    /// Decodes `path` at `sampleRate` from start to end into a new entry, and
    /// registers it for this process's renders (``ConformedAudio``); then
    /// evicts what no longer fits.
    ///
    /// - Throws: `cannotCreateOutput` or `writeFailed` naming the cache folder
    ///   when the entry cannot be written (a full disk, a folder that cannot be
    ///   written): nothing is left behind, and the input is decoded by the
    ///   render as without a cache; the decoder's errors for a file that cannot
    ///   be decoded; `cancelled` when `isCancelled` turns true.
    @discardableResult
    public func store(path: String, sampleRate: SampleRate, isCancelled: () -> Bool = { false }) throws(MediaIOError) -> ConformEntry {
        let key: ConformCacheKey
        do {
            key = try ConformCacheKey(path: path, sampleRate: sampleRate)
        } catch {
            throw .missingInput(path: path, reason: error.message)
        }
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        do {
            try makeFolders(folder)
        } catch {
            throw .cannotCreateOutput(path: folder, reason: error.message)
        }
        let name = key.entryName
        let temporary = folder + "/" + ConformEntry.partialPrefix + name + ".\(currentProcessID()).\(UInt32.random(in: 0...UInt32.max))"
        let file: FileDescriptor
        do {
            file = try FileDescriptor.create(exclusively: temporary)
        } catch {
            throw .cannotCreateOutput(path: folder, reason: error.message)
        }
        var isOpen = true, renamed = false
        defer {
            if isOpen { try? file.close() }
            if !renamed { unlinkFile(temporary) }
        }
        var header = ConformEntry.Header(sampleRate: sampleRate.hertz, frameCount: 0, key: key.text, sourcePath: path)
        // The header's size does not depend on the frame count, which is written last.
        var offset = header.size
        var buffer = AudioBuffer(capacity: ConformEntry.chunkFrames)
        while true {
            if isCancelled() { throw .cancelled }
            let got = try decoder.read(into: buffer.mutableSlice(0..<ConformEntry.chunkFrames))
            guard got > 0 else { break }
            for channel in 0..<2 {
                try write(buffer.slice(0..<got).channel(channel).baseAddress!, bytes: got * 4, at: offset, to: file)
                offset += Int64(got * 4)
            }
            header.frameCount += Int64(got)
            // A short read is the end: only the last chunk may be short.
            if got < ConformEntry.chunkFrames {
                guard try decoder.read(into: buffer.mutableSlice(0..<ConformEntry.chunkFrames)) == 0 else {
                    throw .decodeFailed(path: path, reason: "its decoder gave a short read before its end")
                }
                break
            }
        }
        let bytes = header.bytes
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        defer { raw.deallocate() }
        raw.copyBytes(from: bytes)
        try write(raw.baseAddress!, bytes: raw.count, at: 0, to: file)
        do {
            isOpen = false
            try file.close()
        } catch {
            throw .writeFailed(path: folder, reason: error.message)
        }
        do {
            try renameFile(temporary, to: folder + "/" + name)
        } catch {
            throw .writeFailed(path: folder, reason: error.message)
        }
        renamed = true
        guard let entry = ConformEntry.open(folder + "/" + name, key: key) else {
            throw .writeFailed(path: folder, reason: "the entry written for \(MessageText.shown(path)) does not read back")
        }
        ConformedAudio.register(entry, for: key)
        evict()
        return entry
    }

    private func write(_ bytes: UnsafeRawPointer, bytes count: Int, at offset: Int64, to file: FileDescriptor) throws(MediaIOError) {
        var done = 0
        while done < count {
            do throws(SystemError) {
                let wrote = try file.write(bytes + done, count: count - done, at: offset + Int64(done))
                guard wrote > 0 else { throw SystemError.inputOutput }
                done += wrote
            } catch where error == .interrupted {
                continue
            } catch {
                throw .writeFailed(path: folder, reason: error.message)
            }
        }
    }
}
