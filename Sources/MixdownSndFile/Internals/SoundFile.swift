internal import CSndFile
internal import MixdownUnits
#if canImport(Glibc)
internal import Glibc
#endif

/// A libsndfile handle (`SNDFILE`) writing through a `SoundFileIO`, closed with it.
///
/// Counts are frames (one sample per channel) except for `writeRaw`, which
/// counts bytes. The handle keeps its `SoundFileIO` alive until it is closed.
package final class SoundFile {
    private var handle: OpaquePointer?
    /// The I/O, boxed for libsndfile's user-data pointer.
    private let box: IOBox

    /// Opens a handle that writes `format` to `io` (`sf_open_virtual`).
    ///
    /// - Throws: libsndfile's message when it refuses.
    package init(writingTo io: any SoundFileIO, format: SoundFileFormat) throws(SoundFileError) {
        box = IOBox(io)
        var info = SF_INFO()
        info.samplerate = format.sampleRate
        info.channels = format.channels
        let subtype = Self.subtype(format.sampleFormat)
        switch format.container {
        case .wav: info.format = Int32(SF_FORMAT_WAV) | subtype
        case .rf64: info.format = Int32(SF_FORMAT_RF64) | subtype
        case .rawLittleEndian: info.format = Int32(SF_FORMAT_RAW) | Int32(SF_ENDIAN_LITTLE) | subtype
        }
        var callbacks = Self.virtualIO
        guard let sf = sf_open_virtual(&callbacks, MX_SFM_WRITE, &info, Unmanaged.passUnretained(box).toOpaque()) else {
            throw SoundFileError(message: String(cString: sf_strerror(nil)))
        }
        handle = sf
    }

    deinit {
        if let handle { sf_close(handle) }
    }

    /// Makes libsndfile clip float samples to full scale when it converts them to
    /// integers, rather than wrap (`SFC_SET_CLIPPING`).
    package func setClipping(_ on: Bool) {
        sf_command(handle, MX_SFC_SET_CLIPPING, nil, on ? MX_SF_TRUE : MX_SF_FALSE)
    }

    /// Whether a float file gets a PEAK chunk (`SFC_SET_ADD_PEAK_CHUNK`).
    package func setPeakChunk(_ on: Bool) {
        sf_command(handle, MX_SFC_SET_ADD_PEAK_CHUNK, nil, on ? MX_SF_TRUE : MX_SF_FALSE)
    }

    /// Writes `count` interleaved float frames (`sf_writef_float`); returns how many were written.
    package func writeFrames(_ frames: UnsafePointer<Float>, count: Int) -> Int {
        Int(sf_writef_float(handle, frames, sf_count_t(count)))
    }

    /// Writes `count` interleaved frames of left-justified 32-bit integers, which
    /// libsndfile narrows to the file's format (`sf_writef_int`); returns how many were written.
    package func writeFrames(_ frames: UnsafePointer<Int32>, count: Int) -> Int {
        Int(sf_writef_int(handle, frames, sf_count_t(count)))
    }

    /// Writes `byteCount` bytes as they are, counted as samples (`sf_write_raw`);
    /// returns how many bytes were written.
    package func writeRaw(_ bytes: UnsafeRawPointer, byteCount: Int64) -> Int64 {
        sf_write_raw(handle, bytes, byteCount)
    }

    /// libsndfile's message for the handle's last error.
    package var errorMessage: String { String(cString: sf_strerror(handle)) }

    /// Writes out the header and everything buffered, and closes the handle
    /// (`sf_close`); returns libsndfile's message if that failed. Nothing can be
    /// written after, and closing again does nothing.
    package func close() -> String? {
        guard let handle else { return nil }
        self.handle = nil
        let status = sf_close(handle)
        return status == 0 ? nil : String(cString: sf_error_number(status))
    }

    /// libsndfile's subtype for a sample format.
    private static func subtype(_ format: WAVSampleFormat) -> Int32 {
        switch format {
        case .s16: Int32(SF_FORMAT_PCM_16)
        case .s24: Int32(SF_FORMAT_PCM_24)
        case .f32: Int32(SF_FORMAT_FLOAT)
        }
    }

    /// The callbacks for `sf_open_virtual`, forwarding to the boxed `SoundFileIO`.
    private static var virtualIO: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { io($0).length() },
            seek: { offset, whence, user in
                let origin: SeekOrigin = whence == SEEK_SET ? .start : whence == SEEK_CUR ? .current : .end
                return io(user).seek(offset, from: origin)
            },
            read: { bytes, count, user in sf_count_t(io(user).read(bytes!, count: Int(count))) },
            write: { bytes, count, user in sf_count_t(io(user).write(bytes!, count: Int(count))) },
            tell: { io($0).position })
    }
}

/// A `SoundFileIO` in a class of known type, so that the C callbacks can recover it.
private final class IOBox {
    let io: any SoundFileIO
    init(_ io: any SoundFileIO) { self.io = io }
}

private func io(_ user: UnsafeMutableRawPointer?) -> any SoundFileIO {
    Unmanaged<IOBox>.fromOpaque(user!).takeUnretainedValue().io
}
