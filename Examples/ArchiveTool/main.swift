import CommandLineSupport
import Foundation

// archive-tool: look inside, check and convert any archive of the suite from the command line.

let help = """
    usage: archive-tool inspect FILE [--json] [--password-env NAME]
           archive-tool convert FILE --to FORMAT [-o OUT] [--password-env NAME]
           archive-tool formats

    commands:
      inspect FILE   detect the format (encrypted, fastcoding, keyed, hr-*, plain plist/JSON,
                     in that order) and print the tree: class names, shared objects labelled
                     #n once and shown as '-> #n' after, integer widths, data as length + hex
                     prefix, dates in ISO 8601. FILE '-' reads standard input.
        --json       print the tree in the expected-value JSON scheme of the shared vectors
      convert FILE   re-encode the tree, and read the result back before writing it; refuses
                     (exit 1, one line, nothing written) what FORMAT cannot hold or would not
                     read back as it was
        --to FORMAT  fastcoding, hr-json, hr-xml, hr-binary, keyed, json or plist
        -o OUT       write to OUT (atomically; never over a pipe or device) instead of
                     standard output
      formats        list the formats, their extensions and how each is detected

    options:
      --password-env NAME   read the password of an encrypted file from the environment
                            variable NAME; without it, a terminal is asked (echo off).
                            A password is never taken from the command line.
      -h, --help            show this help

    Inputs larger than 64 MiB are refused; nesting is limited to 512 levels.

    exit status: 0 done, 1 the file could not be read, decrypted, understood or converted,
    or the output could not be written (one line on standard error says why), 2 wrong
    command line
    """

CommandLineProgram(name: "archive-tool", help: help, optionsWithValues: ["--to", "-o", "--password-env"]).run {
    arguments in
    let command = try arguments.next("COMMAND (inspect, convert or formats)")
    switch command {
    case "inspect": try InspectCommand(&arguments).run()
    case "convert": try ConvertCommand(&arguments).run()
    case "formats":
        try arguments.finish()
        FormatsCommand().run()
    default:
        throw CommandLineError.usage("unknown command '\(command)'")
    }
}
