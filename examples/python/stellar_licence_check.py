#!/usr/bin/env python3
"""A complete Stellar licence check in Python (standard library + `cryptography`).

Follows docs/licence-api.md: POST /api/client/validate with a fresh nonce, then, before trusting
anything, verify the Ed25519 X-Signature over the exact body bytes with a PINNED public key, and
check that the answer echoes the nonce, the product and the HWID sent, that its licenceId is the one
first seen for this key, and that its serverTime is close to this machine's clock.

    python3 stellar_licence_check.py check --server URL --key KEY --product SLUG \
        --public-key FILE [--trust-on-first-use] [--hwid HWID] [--state FILE] [--max-skew 300]
    python3 stellar_licence_check.py hwid [--machine-id ID]

Exit codes: 0 valid; 1 refused by the server (the code is printed: KEY_INVALID, PRODUCT_MISMATCH,
BANNED, REVOKED, EXPIRED, HWID_MISMATCH); 2 the answer is not trusted or did not come
(SIGNATURE_INVALID, NONCE_MISMATCH, BINDING_MISMATCH, STALE_RESPONSE, BAD_RESPONSE, NETWORK); 64 bad usage (including: no pinned public key).
"""

import argparse
import base64
import binascii
import hashlib
import json
import os
import re
import secrets
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    PublicFormat,
    load_pem_public_key,
)

SERVER_REFUSALS = {
    "KEY_INVALID": "not a licence key: use the licence key from your dashboard "
    "(voucher keys are redeemed on the site)",
    "PRODUCT_MISMATCH": "the key is for another product",
    "BANNED": "the account that owns this licence is banned",
    "REVOKED": "the licence has been revoked",
    "EXPIRED": "the licence has expired",
    "HWID_MISMATCH": "the licence is bound to another machine (reset the HWID from the dashboard)",
}
EXIT_VALID, EXIT_REFUSED, EXIT_UNTRUSTED, EXIT_USAGE = 0, 1, 2, 64
BASE64 = re.compile(r"^[A-Za-z0-9+/]+={0,2}$")


class Untrusted(Exception):
    """The answer cannot be trusted, or none came: never a licence decision (exit 2)."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason


class Usage(Exception):
    """Bad command line (exit 64)."""


# --------------------------------------------------------------------------------------------
# The pinned public key


def raw_key_of(public_key):
    return public_key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def fingerprint(public_key):
    """SHA-256 (lower-case hex) of the raw 32-byte key, as GET /api/client/public-key gives it."""
    return hashlib.sha256(raw_key_of(public_key)).hexdigest()


def parse_public_key(text):
    """An Ed25519 key from an SPKI PEM, or from the base64 of the raw 32 bytes."""
    text = text.strip()
    if text.startswith("-----BEGIN PUBLIC KEY-----"):
        key = load_pem_public_key(text.encode("ascii"))
        if not isinstance(key, Ed25519PublicKey):
            raise ValueError("not an Ed25519 key")
        return key
    raw = base64.b64decode(text, validate=True)
    if len(raw) != 32:
        raise ValueError("a raw Ed25519 key has 32 bytes")
    return Ed25519PublicKey.from_public_bytes(raw)


def trust_on_first_use(server, path, timeout):
    """Downloads the server's key ONCE, prints its fingerprint and stores it as the pinned key."""
    status, headers, body = http_request(f"{server}/api/client/public-key", None, timeout)
    if status != 200:
        raise Untrusted("BAD_RESPONSE", f"The licence server answered HTTP {status}.")
    try:
        data = json.loads(body)
        if data.get("algorithm") != "Ed25519":
            raise ValueError("not Ed25519")
        key = parse_public_key(data["publicKey"])
        # Version 2 of the endpoint also gives the raw key and its fingerprint: they must agree.
        if "raw" in data and base64.b64decode(data["raw"], validate=True) != raw_key_of(key):
            raise ValueError("raw differs from publicKey")
        if "fingerprint" in data and data["fingerprint"] != fingerprint(key):
            raise ValueError("fingerprint differs from publicKey")
    except (ValueError, KeyError, TypeError, binascii.Error):
        raise Untrusted("BAD_RESPONSE", "The server did not give a usable Ed25519 public key.")
    pem = key.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    with open(path, "xb") as out:  # never overwrites a pinned key
        out.write(pem)
    print(
        f"Trusted on first use: public key SHA-256 fingerprint {fingerprint(key)} saved to {path}. "
        "Compare it with the fingerprint your seller publishes.",
        file=sys.stderr,
    )
    return key


def load_pinned_key(args):
    if not args.public_key:
        raise Usage(
            "A pinned public key is required: --public-key FILE (the PEM or raw key your seller "
            "ships), or --public-key FILE --trust-on-first-use to download it once and store it."
        )
    if not os.path.exists(args.public_key):
        if args.trust_on_first_use:
            return trust_on_first_use(args.server, args.public_key, args.timeout)
        raise Usage(
            f"No public key at {args.public_key} (add --trust-on-first-use to fetch and store it once)."
        )
    try:
        with open(args.public_key, "r", encoding="ascii") as f:
            return parse_public_key(f.read())
    except (OSError, ValueError, binascii.Error) as err:
        raise Usage(f"Cannot read the public key {args.public_key}: {err}")


# --------------------------------------------------------------------------------------------
# HWID: the portable recipe of docs/licence-api.md ("stellar-hwid-portable-v1"): the SHA-256 hex of
# the recipe name, a newline and the operating system's machine id, trimmed. The C++ example and the
# reference client's hwidFromMachineId() give the same value for the same id.

PORTABLE_RECIPE = "stellar-hwid-portable-v1"


def machine_id():
    """The OS's own machine identifier, trimmed, as read (case kept); "" when none is found."""
    if sys.platform.startswith("linux"):
        for path in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
            try:
                with open(path, "r", encoding="utf-8") as f:
                    value = f.read().strip()
                if value:
                    return value
            except OSError:
                pass
        return ""
    if sys.platform == "win32":
        import winreg  # registry value MachineGuid, 64-bit view

        try:
            with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"SOFTWARE\Microsoft\Cryptography", 0,
                                winreg.KEY_READ | winreg.KEY_WOW64_64KEY) as reg:
                return str(winreg.QueryValueEx(reg, "MachineGuid")[0]).strip()
        except OSError:
            return ""
    if sys.platform == "darwin":
        import subprocess  # IOPlatformUUID from ioreg

        try:
            out = subprocess.run(["ioreg", "-rd1", "-c", "IOPlatformExpertDevice"],
                                 capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            return ""
        found = re.search(r'"IOPlatformUUID"\s*=\s*"([^"]+)"', out)
        return found.group(1).strip() if found else ""
    return ""


def hwid_from_machine_id(value):
    return hashlib.sha256(f"{PORTABLE_RECIPE}\n{value.strip()}".encode("utf-8")).hexdigest()


def compute_hwid():
    value = machine_id()
    if not value:
        # Hashing an empty id would give every such machine the same HWID.
        raise Usage("No machine id found on this system: pass --hwid.")
    return hwid_from_machine_id(value)


# --------------------------------------------------------------------------------------------
# The check


def http_request(url, body, timeout):
    """Returns (status, headers, raw body bytes). Asks for an uncompressed body: the signature is
    over the bytes the server sent, so nothing may re-encode them."""
    headers = {"accept-encoding": "identity", "accept": "application/json"}
    if body is not None:
        headers["content-type"] = "application/json"
    request = urllib.request.Request(url, data=body, headers=headers,
                                     method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()
    except (urllib.error.URLError, OSError) as err:
        raise Untrusted("NETWORK", f"Cannot reach the licence server ({getattr(err, 'reason', err)}).")


def load_state(path):
    try:
        with open(path, "r", encoding="utf-8") as f:
            state = json.load(f)
        return state if isinstance(state, dict) else {}
    except (OSError, ValueError):
        return {}


def save_state(path, state):
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(state, f)
    os.replace(tmp, path)


def parse_time(value):
    if not isinstance(value, str):
        raise ValueError("not a string")
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def check(args):
    public_key = load_pinned_key(args)
    hwid = args.hwid or compute_hwid()
    nonce = secrets.token_urlsafe(24)
    request = {"key": args.key, "hwid": hwid, "product": args.product, "nonce": nonce}
    status, headers, body = http_request(
        f"{args.server}/api/client/validate", json.dumps(request).encode("utf-8"), args.timeout
    )
    # 1. Status: only 200 answers are signed. 429 and 503 are worth a retry later; never a verdict.
    if status != 200:
        raise Untrusted("BAD_RESPONSE", f"The licence server answered HTTP {status}.")
    if headers.get("content-encoding", "identity") != "identity":
        raise Untrusted("BAD_RESPONSE", "The answer is compressed: the signature cannot be checked.")
    # 2. Signature over the exact bytes received, before parsing anything.
    signature = headers.get("x-signature", "")
    try:
        if not BASE64.match(signature):
            raise InvalidSignature()
        public_key.verify(base64.b64decode(signature, validate=True), body)
    except (InvalidSignature, ValueError, binascii.Error):
        raise Untrusted(
            "SIGNATURE_INVALID",
            "The server answer is not signed by the licence key: it was altered or forged.",
        )
    try:
        answer = json.loads(body.decode("utf-8"))
        if not isinstance(answer, dict):
            raise ValueError("not an object")
    except ValueError:
        raise Untrusted("BAD_RESPONSE", "The server answer is not a JSON object.")
    code = answer.get("code")
    if (
        not isinstance(answer.get("valid"), bool)
        or answer["valid"] != (code == "VALID")
        or (code != "VALID" and code not in SERVER_REFUSALS)
    ):
        raise Untrusted("BAD_RESPONSE", "The server answer does not have the expected fields.")
    # 3. Nonce: an answer recorded earlier and replayed carries another nonce.
    if answer.get("nonce") != nonce:
        raise Untrusted(
            "NONCE_MISMATCH",
            "The server answer is for another request (nonce mismatch): a replayed answer.",
        )
    # 4. Product echoed.
    if answer.get("product") != args.product:
        raise Untrusted("BAD_RESPONSE", "The server answer is about another product.")
    # 5. Bindings (answers of version 2): the HWID the server checked is the one this machine sent,
    # and the licence is the one first seen for this key. A relay that rewrites the request's HWID
    # (or key) gets a genuine answer about another machine (or licence), which must not pass.
    if "hwid" in answer and answer["hwid"] != hwid:
        raise Untrusted(
            "BINDING_MISMATCH",
            "The server answer is about another machine (hwid mismatch): a relayed request.",
        )
    state = load_state(args.state)
    licence_id = answer.get("licenceId")
    pinned_id = state.get("licences", {}).get(args.key)
    if licence_id is not None and pinned_id is not None and licence_id != pinned_id:
        raise Untrusted(
            "BINDING_MISMATCH",
            "The server answer is about another licence (licenceId mismatch): a relayed request.",
        )
    # 6. Freshness: an answer held back and delivered late, or a badly wrong clock.
    try:
        server_time = parse_time(answer.get("serverTime"))
    except ValueError:
        raise Untrusted("BAD_RESPONSE", "The server answer has no valid serverTime.")
    skew = abs((datetime.now(timezone.utc) - server_time).total_seconds())
    if skew > args.max_skew:
        raise Untrusted(
            "STALE_RESPONSE",
            f"The server answer is {round(skew)} s away from this machine's clock (at most "
            f"{args.max_skew:g} s allowed): a replayed answer, or a wrong clock.",
        )
    # 7. Only now the code.
    if code != "VALID":
        expiry = f" ({answer.get('expiresAt')})" if code == "EXPIRED" else ""
        print(f"{code}: {SERVER_REFUSALS[code]}{expiry}", file=sys.stderr)
        return EXIT_REFUSED
    try:
        parse_time(answer.get("expiresAt"))
    except ValueError:
        raise Untrusted("BAD_RESPONSE", "The VALID answer has no expiry.")
    if licence_id is not None and pinned_id is None:
        state.setdefault("licences", {})[args.key] = licence_id
        save_state(args.state, state)
    line = f"VALID: {args.product} licence valid until {answer['expiresAt']} for machine {hwid[:12]}..."
    if licence_id is not None:
        line += f" (licence {licence_id})"
    print(line)
    if isinstance(answer.get("variables"), dict):
        variables = json.dumps(answer["variables"], sort_keys=True, separators=(",", ":"),
                               ensure_ascii=False)
        print(f"variables: {variables}")
    return EXIT_VALID


def main(argv):
    parser = argparse.ArgumentParser(description="Stellar licence check (docs/licence-api.md).")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("check", help="check the licence of this machine")
    run.add_argument("--server", required=True, help="e.g. https://stellar.example")
    run.add_argument("--key", required=True, help="the licence key (STLL-...) from the dashboard")
    run.add_argument("--product", required=True, help="the product slug, e.g. stellar-launcher")
    run.add_argument("--public-key", help="the pinned public key: SPKI PEM or base64 of the raw 32 bytes")
    run.add_argument("--trust-on-first-use", action="store_true",
                     help="when --public-key FILE does not exist: download the key once and store it")
    run.add_argument("--hwid", help="the HWID to send (default: this machine's, portable recipe)")
    run.add_argument("--state", help="where the licence id first seen is kept "
                     "(default: licence-state.json beside the public key)")
    run.add_argument("--max-skew", type=float, default=300.0,
                     help="largest accepted |local clock - serverTime| in seconds (default 300)")
    run.add_argument("--timeout", type=float, default=10.0, help="seconds (default 10)")
    hwid = commands.add_parser("hwid", help="print this machine's HWID (portable recipe)")
    hwid.add_argument("--machine-id", help="hash this machine id instead of this machine's")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code not in (0, None) else 0
    try:
        if args.command == "hwid":
            print(hwid_from_machine_id(args.machine_id) if args.machine_id else compute_hwid())
            return EXIT_VALID
        args.server = args.server.rstrip("/")
        if args.hwid is not None and not 8 <= len(args.hwid) <= 256:
            raise Usage("--hwid must be 8-256 characters.")
        if args.max_skew < 0:
            raise Usage("--max-skew must be a number of seconds.")
        if args.state is None and args.public_key:
            args.state = os.path.join(os.path.dirname(os.path.abspath(args.public_key)),
                                      "licence-state.json")
        return check(args)
    except Usage as err:
        print(str(err), file=sys.stderr)
        return EXIT_USAGE
    except Untrusted as err:
        print(f"{err.reason}: {err}", file=sys.stderr)
        return EXIT_UNTRUSTED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
