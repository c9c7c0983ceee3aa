#!/usr/bin/env python3
"""Writes the legacy CryptoCoding v2 fixtures in this folder, independently of the Swift code.

The layout follows ../../../../shared/docs/cryptocoding-legacy.md: an NSKeyedArchiver binary
plist whose root is a `CryptoArchive` (iv, salt, cypher, className, version 2.0); `cypher` is
AES-128-CBC-PKCS7 of an inner keyed archive under PBKDF2-HMAC-SHA1(password, salt, 1024, 16).
Needs Python 3 and the `cryptography` package. Output is deterministic (fixed salt and IV).
"""
import hashlib
import plistlib
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

PASSWORD = b"secret"
SALT = bytes(range(8))
IV = bytes(range(0x10, 0x20))
UID = plistlib.UID


def keyed_archive(objects):
    return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000,
                           "$top": {"root": UID(1)}, "$objects": objects}, fmt=plistlib.FMT_BINARY)


def encrypt(plaintext):
    key = hashlib.pbkdf2_hmac("sha1", PASSWORD, SALT, 1024, 16)
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(IV)).encryptor()
    return encryptor.update(padded) + encryptor.finalize()


inner = keyed_archive(["$null", {"NS.objects": [UID(2), UID(3)], "$class": UID(4)}, "milk", "eggs",
                       {"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]}])
cypher = encrypt(inner)
crypto_class = {"$classname": "CryptoArchive", "$classes": ["CryptoArchive", "NSObject"]}
mutable_data = {"$classname": "NSMutableData", "$classes": ["NSMutableData", "NSData", "NSObject"]}

# As the original wrote it: NSMutableData objects holding NS.data.
mutable = keyed_archive([
    "$null",
    {"iv": UID(2), "salt": UID(4), "cypher": UID(5), "className": UID(6), "version": 2.0, "$class": UID(7)},
    {"NS.data": IV, "$class": UID(3)}, mutable_data,
    {"NS.data": SALT, "$class": UID(3)},
    {"NS.data": cypher, "$class": UID(3)},
    "TodoList", crypto_class,
])
# Immutable data, which NSKeyedArchiver writes as bare data entries.
bare = keyed_archive([
    "$null",
    {"iv": UID(2), "salt": UID(3), "cypher": UID(4), "className": UID(5), "version": 2.0, "$class": UID(6)},
    IV, SALT, cypher, "TodoList", crypto_class,
])

folder = Path(__file__).resolve().parent
(folder / "legacy-v2-inner.plist").write_bytes(inner)
(folder / "legacy-v2-mutable-data.plist").write_bytes(mutable)
(folder / "legacy-v2-bare-data.plist").write_bytes(bare)
