import ArchiveInspection
import Foundation

/// `archive-tool formats`: identifiers, extensions and how each format is detected.
struct FormatsCommand {
    func run() {
        var lines = ["Detected in this order: encrypted, fastcoding, keyed, hr-*, plain plist/JSON.", ""]
        lines.append(
            pad("encrypted", 11) + pad("enc", 7) + "CryptoCoding envelope; magic 'CCKE'; inspect only, "
                + "with --password-env or a prompt")
        for target in ArchiveTarget.allCases {
            lines.append(pad(target.rawValue, 11) + pad(target.fileExtension, 7) + target.summary)
        }
        print(lines.joined(separator: "\n"))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
