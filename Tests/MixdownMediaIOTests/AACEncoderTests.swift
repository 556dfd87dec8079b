import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// The encoder alone: framing, timestamps, delay, configuration.
final class AACEncoderTests: XCTestCase {
    func testFramesOfAnyChunkSizeBecomeTimedPackets() throws {
        let encoder = try AACEncoder()
        XCTAssertEqual(encoder.sampleRate, 48_000)
        XCTAssertEqual(encoder.bitRate, 192_000)
        XCTAssertEqual(encoder.frameSize, 1024)
        XCTAssertEqual(encoder.encoderDelay, 1024)
        // AudioSpecificConfig: AAC-LC (2), 48 kHz (index 3), 2 channels, then
        // FFmpeg's explicit "no SBR" sync extension (0x2b7).
        XCTAssertEqual(Array(encoder.codecConfiguration.prefix(2)), [0x11, 0x90])
        print("AudioSpecificConfig: \(encoder.codecConfiguration.map { String($0, radix: 16) })")

        let total = 10_000
        let signal = TestSignal(count: total, clicks: [5_000])
        var packets: [EncodedAudioPacket] = []
        var offset = 0
        let chunks = [1, 37, 1023, 1024, 1025, 4096, 333]
        var k = 0
        let audio = AudioBuffer(copying: [signal.left, signal.right])
        while offset < total {
            let n = min(chunks[k % chunks.count], total - offset)
            try encoder.encode(audio.slice(offset..<offset + n))
            offset += n
            k += 1
            while let packet = encoder.receivePacket() { packets.append(packet) }
        }
        XCTAssertEqual(encoder.samplesReceived, Int64(total))
        try encoder.finish()
        while let packet = encoder.receivePacket() { packets.append(packet) }

        XCTAssertEqual(packets.first?.presentationTime, -1024, "priming first")
        for (a, b) in zip(packets, packets.dropFirst()) {
            XCTAssertEqual(b.presentationTime, a.presentationTime + a.duration)
        }
        XCTAssertEqual(packets.dropLast().allSatisfy { $0.duration == 1024 }, true)
        let covered = packets.reduce(0) { $0 + $1.duration }
        XCTAssertEqual(covered, Int64(total) + 1024, "packets cover the priming and every input sample")
        XCTAssertEqual(packets.count, (total + 1024 + 1023) / 1024)
        XCTAssertTrue(packets.allSatisfy { !$0.bytes.isEmpty })
        print("AAC packets for \(total) samples: \(packets.count), last duration \(packets.last?.duration ?? 0)")

        let silence = AudioBuffer(capacity: 4)
        XCTAssertThrowsError(try encoder.encode(silence.slice(0..<4)))
    }

    func testUnsupportedRateIsRefused() {
        XCTAssertThrowsError(try AACEncoder(sampleRate: 12_345)) { error in
            guard case .unsupported? = error as? MediaIOError else { return XCTFail("\(error)") }
        }
    }
}
