// The programs that use this target also find their data folder through CodingCore's
// `UserDataDirectory`, the suite's one rule for it.
@_exported import CodingCore
