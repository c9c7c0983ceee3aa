import BaseModelKit
import CryptoCodingKit
import FastCodingKit
import Foundation

/// Private notes, encrypted by CryptoCodingKit (`PrivateNotes.enc`) with a password that
/// KeychainStore keeps in the data folder's `keychain/` (made on first use).
final class PrivateNotes: BaseModel {
    static var saveFormat: any ArchiveFormat {
        let keychain = NotesPassword.keychainDirectory
        return .encrypted(.fastCoding, passwordProvider: { try NotesPassword.password(in: keychain) })
    }

    var notes: [Note] = []

    init() {}
}
