import Glibc

/// Opens the inputs an ``NMEASource`` reads: a serial device in raw mode at a fixed baud rate
/// (termios), or a regular file or FIFO.
enum NMEADevice {
    /// Baud rates (bit/s) and their termios constants.
    static let speeds: [Int: speed_t] = [
        1200: speed_t(B1200), 2400: speed_t(B2400), 4800: speed_t(B4800), 9600: speed_t(B9600),
        19_200: speed_t(B19200), 38_400: speed_t(B38400), 57_600: speed_t(B57600),
        115_200: speed_t(B115200), 230_400: speed_t(B230400), 460_800: speed_t(B460800),
        921_600: speed_t(B921600),
    ]

    /// The termios constant for `baudRate`, or an error listing the supported rates.
    static func speed(for baudRate: Int) throws(NMEASourceError) -> speed_t {
        guard let speed = speeds[baudRate] else {
            let list = speeds.keys.sorted().map(String.init).joined(separator: ", ")
            throw NMEASourceError(code: .unsupportedBaudRate,
                                  message: "Baud rate \(baudRate) is not supported; use one of \(list) (NMEA receivers usually run at 4800 or 9600).")
        }
        return speed
    }

    /// Opens `path` non-blocking, raw 8N1, no flow control, at `baudRate`.
    /// - Returns: The file descriptor; the caller closes it.
    static func openSerial(_ path: String, baudRate: Int) throws(NMEASourceError) -> Int32 {
        let speed = try speed(for: baudRate)
        let fd = Glibc.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = systemErrorText(errno)
            throw NMEASourceError(code: .openFailed,
                                  message: "Cannot open serial device \(path): \(reason). Check that the receiver is plugged in and that you may read it (group 'dialout').")
        }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            let reason = systemErrorText(errno)
            close(fd)
            throw NMEASourceError(code: .configureFailed,
                                  message: "\(path) is not a serial device (\(reason)); use NMEASource(file:) for files and FIFOs.")
        }
        cfmakeraw(&settings)
        settings.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        settings.c_cflag &= ~(tcflag_t(CRTSCTS) | tcflag_t(CSTOPB) | tcflag_t(PARENB))
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        cfsetispeed(&settings, speed)
        cfsetospeed(&settings, speed)
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else {
            let reason = systemErrorText(errno)
            close(fd)
            throw NMEASourceError(code: .configureFailed,
                                  message: "Cannot set \(path) to \(baudRate) baud raw mode: \(reason). Check that it is the receiver's serial port and that no other program holds it.")
        }
        return fd
    }

    /// Opens a file or FIFO for reading, non-blocking. A FIFO is opened read-write so that it never
    /// reports end-of-file between writers (Linux allows this; see fifo(7)).
    /// - Returns: The descriptor.
    static func openFile(_ path: String) throws(NMEASourceError) -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = systemErrorText(errno)
            throw NMEASourceError(code: .openFailed, message: "Cannot open NMEA file \(path): \(reason). Check the path and that you may read it.")
        }
        let isFIFO = (info.st_mode & S_IFMT) == S_IFIFO
        let fd = Glibc.open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = systemErrorText(errno)
            throw NMEASourceError(code: .openFailed, message: "Cannot open NMEA file \(path): \(reason). Check the path and that you may read it.")
        }
        return fd
    }
}
