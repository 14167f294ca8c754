/// One D-Bus message: a method call, a method return, an error or a signal.
///
/// ```swift
/// let call = DBusMessage.methodCall(destination: "org.bluez", path: "/", interface: "org.freedesktop.DBus.ObjectManager",
///                                   member: "GetManagedObjects")
/// let bytes = try call.encoded(serial: 7)
/// let back = try DBusMessage.decode(bytes)
/// ```
public struct DBusMessage: Hashable, Sendable {
    /// The message type (header byte 1).
    public enum Kind: UInt8, Hashable, Sendable {
        /// A method call, which may expect a reply.
        case methodCall = 1
        /// A successful reply.
        case methodReturn = 2
        /// An error reply.
        case error = 3
        /// A signal broadcast.
        case signal = 4
    }

    /// Header flags (header byte 2).
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The flags byte.
        public let rawValue: UInt8
        /// Creates flags from their byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The caller does not want a reply.
        public static let noReplyExpected = Flags(rawValue: 0x1)
        /// The bus must not start a service to deliver the message.
        public static let noAutoStart = Flags(rawValue: 0x2)
        /// The caller allows interactive authorization (a password prompt).
        public static let allowInteractiveAuthorization = Flags(rawValue: 0x4)
    }

    /// Largest message, in bytes (2²⁷, D-Bus specification).
    public static let maximumLength = 1 << 27

    /// The message type.
    public var kind: Kind
    /// Header flags.
    public var flags: Flags
    /// The sender's serial number; assigned by ``encoded(serial:endianness:)`` when sending.
    public var serial: UInt32
    /// The object path (method calls and signals).
    public var path: String?
    /// The interface (signals; optional for method calls).
    public var interface: String?
    /// The method or signal name.
    public var member: String?
    /// The error name (errors).
    public var errorName: String?
    /// The serial of the call this replies to (returns and errors).
    public var replySerial: UInt32?
    /// The destination bus name.
    public var destination: String?
    /// The sender's unique bus name, filled in by the bus.
    public var sender: String?
    /// How many Unix file descriptors accompany the message out of band.
    public var unixFDs: UInt32?
    /// The body values.
    public var body: [DBusValue]

    /// The body's signature.
    public var signature: String { DBusType.signature(of: body.map(\.type)) }

    /// Creates a message.
    public init(kind: Kind, flags: Flags = [], serial: UInt32 = 0, path: String? = nil, interface: String? = nil,
                member: String? = nil, errorName: String? = nil, replySerial: UInt32? = nil,
                destination: String? = nil, sender: String? = nil, unixFDs: UInt32? = nil, body: [DBusValue] = []) {
        self.kind = kind
        self.flags = flags
        self.serial = serial
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.replySerial = replySerial
        self.destination = destination
        self.sender = sender
        self.unixFDs = unixFDs
        self.body = body
    }

    /// A method call message.
    public static func methodCall(destination: String?, path: String, interface: String?, member: String,
                                  body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .methodCall, path: path, interface: interface, member: member,
                    destination: destination, body: body)
    }

    /// A signal message.
    public static func signal(path: String, interface: String, member: String, body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .signal, path: path, interface: interface, member: member, body: body)
    }

    /// `interface.member` for log lines and errors.
    public var qualifiedMember: String {
        [interface, member].compactMap { $0 }.joined(separator: ".")
    }

    /// The first body string of an error reply, which by convention is its human-readable message.
    public var errorMessage: String {
        body.first?.stringValue ?? ""
    }
}

/// Header field codes (D-Bus specification, "Message Format").
enum DBusHeaderField: UInt8 {
    case path = 1, interface, member, errorName, replySerial, destination, sender, signature, unixFDs
}
