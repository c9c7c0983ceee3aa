// FastCodingKit builds on CodingCore's protocols; importing the kit makes them available too.
@_exported import CodingCore
