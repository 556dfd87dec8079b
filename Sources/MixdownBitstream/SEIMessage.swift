/// One message of an SEI unit (H.264's and HEVC's syntax alike): its
/// `payloadType` and its payload bytes.
package struct SEIMessage: Sendable {
    /// The payload type (0 buffering period, 129 active parameter sets, 137
    /// mastering display, 144 content light level…).
    package var type: Int
    /// The payload.
    package var payload: ArraySlice<UInt8>

    /// The messages of an SEI unit's RBSP (after its header, emulation
    /// prevention removed), in order, up to the RBSP trailing bits.
    ///
    /// - Throws: `BitstreamError.truncated` when a message runs past the end
    ///   (``messages(in:upTo:)`` keeps the messages before it).
    package static func messages(in rbsp: [UInt8]) throws(BitstreamError) -> [SEIMessage] {
        var complete: [SEIMessage] = []
        if let problem = messages(in: rbsp, upTo: &complete) { throw problem }
        return complete
    }

    /// The messages of an SEI unit's RBSP read into `messages` until the end or
    /// the first that runs past it; that one's error, nil when all were read.
    package static func messages(in rbsp: [UInt8], upTo messages: inout [SEIMessage]) -> BitstreamError? {
        var offset = 0
        // payloadType and payloadSize: runs of 0xFF plus a last byte.
        func varying() -> Int? {
            var value = 0
            while offset < rbsp.count {
                let byte = Int(rbsp[offset])
                offset += 1
                value += byte
                if byte != 0xFF { return value }
            }
            return nil
        }
        // A message takes at least two bytes; a lone last byte is the trailing bits (0x80).
        while rbsp.count - offset >= 2 {
            guard let type = varying(), let size = varying(), offset + size <= rbsp.count else {
                return .truncated("an SEI message past its unit's end")
            }
            messages.append(SEIMessage(type: type, payload: rbsp[offset..<offset + size]))
            offset += size
        }
        return nil
    }
}
