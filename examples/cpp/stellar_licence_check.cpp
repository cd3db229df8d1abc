// A complete Stellar licence check in C++17 with libsodium (Ed25519, SHA-256, random nonce) and
// libcurl (HTTP). Follows docs/licence-api.md: POST /api/client/validate with a fresh nonce, then,
// before trusting anything, verify the Ed25519 X-Signature over the exact body bytes with a PINNED
// public key, and check that the answer echoes the nonce, the product and the HWID sent, that its
// licenceId is the one first seen for this key, and that its serverTime is close to this machine's
// clock. Same behaviour, messages and exit codes as examples/python.
//
// Build:  g++ -std=c++17 -O2 -o stellar-licence-check stellar_licence_check.cpp
//           $(pkg-config --cflags --libs libsodium libcurl)
// Run:    ./stellar-licence-check check --server URL --key KEY --product SLUG --public-key FILE
//           [--trust-on-first-use] [--hwid HWID] [--state FILE] [--max-skew 300] [--timeout 10]
//         ./stellar-licence-check hwid [--machine-id ID]
//
// Exit codes: 0 valid; 1 refused by the server (KEY_INVALID, PRODUCT_MISMATCH, BANNED, REVOKED,
// EXPIRED, HWID_MISMATCH); 2 the answer is not trusted or did not come (SIGNATURE_INVALID,
// NONCE_MISMATCH, BINDING_MISMATCH, STALE_RESPONSE, BAD_RESPONSE, NETWORK);
// 64 bad usage (including: no pinned public key).

#include <curl/curl.h>
#include <sodium.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int EXIT_VALID = 0, EXIT_REFUSED = 1, EXIT_UNTRUSTED = 2, EXIT_USAGE = 64;

const std::map<std::string, std::string> SERVER_REFUSALS = {
    {"KEY_INVALID",
     "not a licence key: use the licence key from your dashboard (voucher keys are redeemed on the "
     "site)"},
    {"PRODUCT_MISMATCH", "the key is for another product"},
    {"BANNED", "the account that owns this licence is banned"},
    {"REVOKED", "the licence has been revoked"},
    {"EXPIRED", "the licence has expired"},
    {"HWID_MISMATCH", "the licence is bound to another machine (reset the HWID from the dashboard)"},
};

// The answer cannot be trusted, or none came: never a licence decision (exit 2).
struct Untrusted {
  std::string reason, message;
};
// Bad command line (exit 64).
struct Usage {
  std::string message;
};

// ---------------------------------------------------------------------------------------------
// A small JSON reader: enough for the server's answers (objects, arrays, strings, numbers, literals).

struct Json {
  enum Type { Null, Bool, Number, String, Array, Object } type = Null;
  bool boolean = false;
  std::string text;  // a string's value, or a number's literal
  std::vector<Json> items;
  std::map<std::string, Json> members;
  bool has(const std::string& name) const { return type == Object && members.count(name) > 0; }
  static Json object() {
    Json v;
    v.type = Object;
    return v;
  }
  const Json* get(const std::string& name) const {
    auto found = type == Object ? members.find(name) : members.end();
    return found == members.end() ? nullptr : &found->second;
  }
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& text) : s_(text) {}
  Json document() {
    Json value = parse(0);
    skip();
    if (i_ != s_.size()) fail();
    return value;
  }

 private:
  const std::string& s_;
  size_t i_ = 0;
  [[noreturn]] void fail() { throw std::runtime_error("invalid JSON"); }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  bool literal(const char* word) {
    size_t n = std::strlen(word);
    if (s_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }
  static void utf8(std::string& out, unsigned long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  unsigned long hex4() {
    if (i_ + 4 > s_.size()) fail();
    unsigned long v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
      else fail();
    }
    return v;
  }
  std::string string() {
    if (s_[i_] != '"') fail();
    ++i_;
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail();
      char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail();
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail();
      char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned long cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.compare(i_, 2, "\\u") == 0) {
            i_ += 2;
            unsigned long low = hex4();
            if (low < 0xDC00 || low > 0xDFFF) fail();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default: fail();
      }
    }
  }
  Json parse(int depth) {
    if (depth > 64) fail();
    skip();
    if (i_ >= s_.size()) fail();
    Json v;
    char c = s_[i_];
    if (c == '{') {
      v.type = Json::Object;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return v;
      }
      while (true) {
        skip();
        std::string name = string();
        skip();
        if (i_ >= s_.size() || s_[i_++] != ':') fail();
        v.members[name] = parse(depth + 1);
        skip();
        if (i_ >= s_.size()) fail();
        if (s_[i_] == ',') { ++i_; continue; }
        if (s_[i_] == '}') { ++i_; return v; }
        fail();
      }
    }
    if (c == '[') {
      v.type = Json::Array;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return v;
      }
      while (true) {
        v.items.push_back(parse(depth + 1));
        skip();
        if (i_ >= s_.size()) fail();
        if (s_[i_] == ',') { ++i_; continue; }
        if (s_[i_] == ']') { ++i_; return v; }
        fail();
      }
    }
    if (c == '"') {
      v.type = Json::String;
      v.text = string();
      return v;
    }
    if (literal("true")) { v.type = Json::Bool; v.boolean = true; return v; }
    if (literal("false")) { v.type = Json::Bool; return v; }
    if (literal("null")) return v;
    size_t start = i_;
    while (i_ < s_.size() && std::strchr("+-0123456789.eE", s_[i_])) ++i_;
    if (start == i_) fail();
    v.type = Json::Number;
    v.text = s_.substr(start, i_ - start);
    return v;
  }
};

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += static_cast<char>(c);
  }
  return out + "\"";
}

// Compact, keys sorted: the same text as the Python example prints for variables.
std::string serialise(const Json& v) {
  switch (v.type) {
    case Json::Null: return "null";
    case Json::Bool: return v.boolean ? "true" : "false";
    case Json::Number: return v.text;
    case Json::String: return quote(v.text);
    case Json::Array: {
      std::string out = "[";
      for (size_t k = 0; k < v.items.size(); ++k) out += (k ? "," : "") + serialise(v.items[k]);
      return out + "]";
    }
    case Json::Object: {
      std::string out = "{";
      bool first = true;
      for (const auto& [name, value] : v.members) {
        out += (first ? "" : ",") + quote(name) + ":" + serialise(value);
        first = false;
      }
      return out + "}";
    }
  }
  return "null";
}

// ---------------------------------------------------------------------------------------------
// Encodings and time

std::string hex(const unsigned char* bytes, size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, n);
  out.pop_back();
  return out;
}

std::string sha256_hex(const std::string& text) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return hex(digest, sizeof digest);
}

// Strict standard base64 (with padding); false on anything else.
bool base64_decode(const std::string& text, std::vector<unsigned char>& out, const char* ignore = nullptr) {
  out.assign(text.size(), 0);
  size_t len = 0;
  const char* end = nullptr;
  if (sodium_base642bin(out.data(), out.size(), text.data(), text.size(), ignore, &len, &end,
                        sodium_base64_VARIANT_ORIGINAL) != 0 ||
      end != text.data() + text.size()) {
    return false;
  }
  out.resize(len);
  return true;
}

std::string base64_encode(const unsigned char* bytes, size_t n, int variant) {
  std::string out(sodium_base64_encoded_len(n, variant), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes, n, variant);
  out.resize(std::strlen(out.c_str()));
  return out;
}

// ISO 8601 UTC ("2026-11-21T14:53:57.774Z") to milliseconds since the epoch.
bool parse_time(const Json* value, long long& ms) {
  if (!value || value->type != Json::String) return false;
  static const std::regex iso(R"(^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(Z|\+00:00)$)");
  std::smatch m;
  if (!std::regex_match(value->text, m, iso)) return false;
  std::tm tm{};
  tm.tm_year = std::stoi(m[1]) - 1900;
  tm.tm_mon = std::stoi(m[2]) - 1;
  tm.tm_mday = std::stoi(m[3]);
  tm.tm_hour = std::stoi(m[4]);
  tm.tm_min = std::stoi(m[5]);
  tm.tm_sec = std::stoi(m[6]);
  std::string fraction = m[7].str() + "000";
  ms = static_cast<long long>(timegm(&tm)) * 1000 + std::stoll(fraction.substr(0, 3));
  return true;
}

// ---------------------------------------------------------------------------------------------
// The pinned public key

// An Ed25519 SubjectPublicKeyInfo is this 12-byte DER prefix and the 32 raw key bytes (RFC 8410).
const unsigned char SPKI_PREFIX[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// An Ed25519 key from an SPKI PEM, or from the base64 of the raw 32 bytes; false when it is neither.
bool parse_public_key(const std::string& input, std::vector<unsigned char>& raw) {
  std::string text = trim(input);
  const std::string begin = "-----BEGIN PUBLIC KEY-----", end = "-----END PUBLIC KEY-----";
  std::vector<unsigned char> bytes;
  if (text.rfind(begin, 0) == 0) {
    size_t stop = text.find(end);
    if (stop == std::string::npos) return false;
    if (!base64_decode(trim(text.substr(begin.size(), stop - begin.size())), bytes, "\r\n")) return false;
    if (bytes.size() != 44 || std::memcmp(bytes.data(), SPKI_PREFIX, 12) != 0) return false;
    raw.assign(bytes.begin() + 12, bytes.end());
    return true;
  }
  if (!base64_decode(text, bytes) || bytes.size() != crypto_sign_PUBLICKEYBYTES) return false;
  raw = bytes;
  return true;
}

std::string pem_of(const std::vector<unsigned char>& raw) {
  std::vector<unsigned char> der(SPKI_PREFIX, SPKI_PREFIX + 12);
  der.insert(der.end(), raw.begin(), raw.end());
  return "-----BEGIN PUBLIC KEY-----\n" + base64_encode(der.data(), der.size(), sodium_base64_VARIANT_ORIGINAL) +
         "\n-----END PUBLIC KEY-----\n";
}

// SHA-256 (lower-case hex) of the raw 32-byte key, as GET /api/client/public-key gives it.
std::string fingerprint(const std::vector<unsigned char>& raw) {
  return sha256_hex(std::string(raw.begin(), raw.end()));
}

// ---------------------------------------------------------------------------------------------
// HTTP

struct Response {
  long status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // names lower-case
};

size_t on_body(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

size_t on_header(char* data, size_t size, size_t n, void* out) {
  std::string line(data, size * n);
  size_t colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    (*static_cast<std::map<std::string, std::string>*>(out))[name] = trim(line.substr(colon + 1));
  } else if (line.rfind("HTTP/", 0) == 0) {
    static_cast<std::map<std::string, std::string>*>(out)->clear();  // a new response (after a 100)
  }
  return size * n;
}

// GET (body empty) or POST JSON. Asks for an uncompressed body and does not set
// CURLOPT_ACCEPT_ENCODING: the signature is over the bytes the server sent, so nothing may re-encode them.
Response http_request(const std::string& url, const std::string* body, double timeout) {
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) throw Untrusted{"NETWORK", "Cannot reach the licence server (curl_easy_init failed)."};
  Response res;
  curl_slist* headers = nullptr;
  headers = curl_slist_append(headers, "accept-encoding: identity");
  headers = curl_slist_append(headers, "accept: application/json");
  if (body) headers = curl_slist_append(headers, "content-type: application/json");
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_list(headers, curl_slist_free_all);
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT_MS, static_cast<long>(timeout * 1000));
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &res.body);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &res.headers);
  if (body) {
    curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE, static_cast<long>(body->size()));
  }
  CURLcode rc = curl_easy_perform(curl.get());
  if (rc != CURLE_OK) {
    throw Untrusted{"NETWORK", std::string("Cannot reach the licence server (") + curl_easy_strerror(rc) + ")."};
  }
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &res.status);
  return res;
}

std::string header(const Response& res, const std::string& name) {
  auto found = res.headers.find(name);
  return found == res.headers.end() ? "" : found->second;
}

// ---------------------------------------------------------------------------------------------
// HWID: the portable recipe of docs/licence-api.md ("stellar-hwid-portable-v1"): the SHA-256 hex of
// the recipe name, a newline and the operating system's machine id, trimmed. The Python example and
// the reference client's hwidFromMachineId() give the same value for the same id. This example reads
// the Linux machine id; on Windows read the registry value MachineGuid of
// HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Cryptography (64-bit view) instead, or pass --hwid.

std::string machine_id() {
  for (const char* path : {"/etc/machine-id", "/var/lib/dbus/machine-id"}) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string id = trim(text.str());
    if (!id.empty()) return id;
  }
  return "";
}

std::string hwid_from_machine_id(const std::string& id) {
  return sha256_hex("stellar-hwid-portable-v1\n" + trim(id));
}

std::string compute_hwid() {
  std::string id = machine_id();
  // Hashing an empty id would give every such machine the same HWID.
  if (id.empty()) throw Usage{"No machine id found on this system: pass --hwid."};
  return hwid_from_machine_id(id);
}

// ---------------------------------------------------------------------------------------------
// The check

struct Args {
  std::string server, key, product, public_key, hwid, state;
  bool trust_on_first_use = false, has_hwid = false;
  double max_skew = 300, timeout = 10;
};

bool file_exists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

std::vector<unsigned char> trust_on_first_use(const Args& args) {
  Response res = http_request(args.server + "/api/client/public-key", nullptr, args.timeout);
  if (res.status != 200) {
    throw Untrusted{"BAD_RESPONSE", "The licence server answered HTTP " + std::to_string(res.status) + "."};
  }
  std::vector<unsigned char> raw;
  bool usable = false;
  try {
    Json data = JsonReader(res.body).document();
    const Json* algorithm = data.get("algorithm");
    const Json* pem = data.get("publicKey");
    usable = algorithm && algorithm->type == Json::String && algorithm->text == "Ed25519" && pem &&
             pem->type == Json::String && parse_public_key(pem->text, raw);
    // Version 2 of the endpoint also gives the raw key and its fingerprint: they must agree.
    if (usable && data.has("raw")) {
      std::vector<unsigned char> given;
      const Json* r = data.get("raw");
      usable = r->type == Json::String && base64_decode(r->text, given) && given == raw;
    }
    if (usable && data.has("fingerprint")) {
      const Json* f = data.get("fingerprint");
      usable = f->type == Json::String && f->text == fingerprint(raw);
    }
  } catch (const std::runtime_error&) {
    usable = false;
  }
  if (!usable) throw Untrusted{"BAD_RESPONSE", "The server did not give a usable Ed25519 public key."};
  std::FILE* out = std::fopen(args.public_key.c_str(), "wx");  // never overwrites a pinned key
  if (!out) throw Usage{"Cannot store the public key in " + args.public_key + ": " + std::strerror(errno)};
  std::string pem = pem_of(raw);
  std::fwrite(pem.data(), 1, pem.size(), out);
  std::fclose(out);
  std::cerr << "Trusted on first use: public key SHA-256 fingerprint " << fingerprint(raw) << " saved to "
            << args.public_key << ". Compare it with the fingerprint your seller publishes.\n";
  return raw;
}

std::vector<unsigned char> load_pinned_key(const Args& args) {
  if (args.public_key.empty()) {
    throw Usage{
        "A pinned public key is required: --public-key FILE (the PEM or raw key your seller ships), or "
        "--public-key FILE --trust-on-first-use to download it once and store it."};
  }
  if (!file_exists(args.public_key)) {
    if (args.trust_on_first_use) return trust_on_first_use(args);
    throw Usage{"No public key at " + args.public_key + " (add --trust-on-first-use to fetch and store it once)."};
  }
  std::ifstream in(args.public_key);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<unsigned char> raw;
  if (!in || !parse_public_key(text.str(), raw)) {
    throw Usage{"Cannot read the public key " + args.public_key + ": not an Ed25519 PEM or raw key"};
  }
  return raw;
}

Json load_state(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Json{};
  std::stringstream text;
  text << in.rdbuf();
  try {
    return JsonReader(text.str()).document();
  } catch (const std::runtime_error&) {
    return Json{};
  }
}

void save_state(const std::string& path, const Json& state) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << serialise(state);
  }
  std::rename(tmp.c_str(), path.c_str());
}

int check(const Args& args) {
  std::vector<unsigned char> public_key = load_pinned_key(args);
  std::string hwid = args.has_hwid ? args.hwid : compute_hwid();
  unsigned char random[24];
  randombytes_buf(random, sizeof random);
  std::string nonce = base64_encode(random, sizeof random, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  std::string request = "{\"key\":" + quote(args.key) + ",\"hwid\":" + quote(hwid) +
                        ",\"product\":" + quote(args.product) + ",\"nonce\":" + quote(nonce) + "}";
  Response res = http_request(args.server + "/api/client/validate", &request, args.timeout);
  // 1. Status: only 200 answers are signed. 429 and 503 are worth a retry later; never a verdict.
  if (res.status != 200) {
    throw Untrusted{"BAD_RESPONSE", "The licence server answered HTTP " + std::to_string(res.status) + "."};
  }
  std::string encoding = header(res, "content-encoding");
  if (!encoding.empty() && encoding != "identity") {
    throw Untrusted{"BAD_RESPONSE", "The answer is compressed: the signature cannot be checked."};
  }
  // 2. Signature over the exact bytes received, before parsing anything.
  std::vector<unsigned char> signature;
  if (!base64_decode(header(res, "x-signature"), signature) || signature.size() != crypto_sign_BYTES ||
      crypto_sign_verify_detached(signature.data(), reinterpret_cast<const unsigned char*>(res.body.data()),
                                  res.body.size(), public_key.data()) != 0) {
    throw Untrusted{"SIGNATURE_INVALID", "The server answer is not signed by the licence key: it was altered or forged."};
  }
  Json answer;
  try {
    answer = JsonReader(res.body).document();
  } catch (const std::runtime_error&) {
  }
  if (answer.type != Json::Object) throw Untrusted{"BAD_RESPONSE", "The server answer is not a JSON object."};
  const Json* valid = answer.get("valid");
  const Json* code_field = answer.get("code");
  std::string code = code_field && code_field->type == Json::String ? code_field->text : "";
  if (!valid || valid->type != Json::Bool || valid->boolean != (code == "VALID") ||
      (code != "VALID" && !SERVER_REFUSALS.count(code))) {
    throw Untrusted{"BAD_RESPONSE", "The server answer does not have the expected fields."};
  }
  // 3. Nonce: an answer recorded earlier and replayed carries another nonce.
  const Json* echoed = answer.get("nonce");
  if (!echoed || echoed->type != Json::String || echoed->text != nonce) {
    throw Untrusted{"NONCE_MISMATCH", "The server answer is for another request (nonce mismatch): a replayed answer."};
  }
  // 4. Product echoed.
  const Json* product = answer.get("product");
  if (!product || product->type != Json::String || product->text != args.product) {
    throw Untrusted{"BAD_RESPONSE", "The server answer is about another product."};
  }
  // 5. Bindings (answers of version 2): the HWID the server checked is the one this machine sent, and
  // the licence is the one first seen for this key. A relay that rewrites the request's HWID (or key)
  // gets a genuine answer about another machine (or licence), which must not pass.
  if (answer.has("hwid")) {
    const Json* h = answer.get("hwid");
    if (h->type != Json::String || h->text != hwid) {
      throw Untrusted{"BINDING_MISMATCH",
                      "The server answer is about another machine (hwid mismatch): a relayed request."};
    }
  }
  Json state = load_state(args.state);
  if (state.type != Json::Object) state = Json::object();
  Json& licences = state.members["licences"];
  if (licences.type != Json::Object) licences = Json::object();
  const Json* licence_id = answer.get("licenceId");
  bool has_licence_id = licence_id && licence_id->type != Json::Null;
  const Json* pinned_id = licences.get(args.key);
  if (has_licence_id && pinned_id && serialise(*licence_id) != serialise(*pinned_id)) {
    throw Untrusted{"BINDING_MISMATCH",
                    "The server answer is about another licence (licenceId mismatch): a relayed request."};
  }
  // 6. Freshness: an answer held back and delivered late, or a badly wrong clock.
  long long server_ms = 0;
  if (!parse_time(answer.get("serverTime"), server_ms)) {
    throw Untrusted{"BAD_RESPONSE", "The server answer has no valid serverTime."};
  }
  long long now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
  double skew = std::fabs(static_cast<double>(now_ms - server_ms)) / 1000.0;
  if (skew > args.max_skew) {
    char allowed[32];
    std::snprintf(allowed, sizeof allowed, "%g", args.max_skew);
    throw Untrusted{"STALE_RESPONSE", "The server answer is " + std::to_string(std::llround(skew)) +
                                          " s away from this machine's clock (at most " + allowed +
                                          " s allowed): a replayed answer, or a wrong clock."};
  }
  // 7. Only now the code.
  if (code != "VALID") {
    std::string expiry;
    const Json* expires = answer.get("expiresAt");
    if (code == "EXPIRED") expiry = " (" + (expires && expires->type == Json::String ? expires->text : "None") + ")";
    std::cerr << code << ": " << SERVER_REFUSALS.at(code) << expiry << "\n";
    return EXIT_REFUSED;
  }
  long long expires_ms = 0;
  if (!parse_time(answer.get("expiresAt"), expires_ms)) {
    throw Untrusted{"BAD_RESPONSE", "The VALID answer has no expiry."};
  }
  if (has_licence_id && !pinned_id) {
    licences.members[args.key] = *licence_id;
    save_state(args.state, state);
  }
  std::cout << "VALID: " << args.product << " licence valid until " << answer.get("expiresAt")->text
            << " for machine " << hwid.substr(0, 12) << "...";
  if (has_licence_id) {
    std::cout << " (licence " << (licence_id->type == Json::String ? licence_id->text : serialise(*licence_id))
              << ")";
  }
  std::cout << "\n";
  const Json* variables = answer.get("variables");
  if (variables && variables->type == Json::Object) std::cout << "variables: " << serialise(*variables) << "\n";
  return EXIT_VALID;
}

const char* USAGE =
    "usage: stellar-licence-check check --server URL --key KEY --product SLUG --public-key FILE\n"
    "                              [--trust-on-first-use] [--hwid HWID] [--state FILE]\n"
    "                              [--max-skew SECONDS] [--timeout SECONDS]\n"
    "       stellar-licence-check hwid [--machine-id ID]";

double number_arg(const std::string& name, const std::string& value) {
  try {
    size_t used = 0;
    double v = std::stod(value, &used);
    if (used == value.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw Usage{name + " must be a number of seconds."};
}

int run(int argc, char** argv) {
  std::vector<std::string> av(argv + 1, argv + argc);
  if (av.empty()) throw Usage{USAGE};
  if (av[0] == "hwid" && av.size() == 1) {
    std::cout << compute_hwid() << "\n";
    return EXIT_VALID;
  }
  if (av[0] == "hwid" && av.size() == 3 && av[1] == "--machine-id") {
    std::cout << hwid_from_machine_id(av[2]) << "\n";
    return EXIT_VALID;
  }
  if (av[0] != "check") throw Usage{USAGE};
  Args args;
  std::map<std::string, std::string*> strings = {
      {"--server", &args.server}, {"--key", &args.key},   {"--product", &args.product},
      {"--public-key", &args.public_key}, {"--hwid", &args.hwid}, {"--state", &args.state}};
  for (size_t k = 1; k < av.size(); ++k) {
    const std::string& name = av[k];
    if (name == "--trust-on-first-use") {
      args.trust_on_first_use = true;
      continue;
    }
    if (k + 1 >= av.size()) throw Usage{std::string(USAGE) + "\nmissing value for " + name};
    const std::string& value = av[++k];
    if (strings.count(name)) {
      *strings[name] = value;
      if (name == "--hwid") args.has_hwid = true;
    } else if (name == "--max-skew") {
      args.max_skew = number_arg(name, value);
    } else if (name == "--timeout") {
      args.timeout = number_arg(name, value);
    } else {
      throw Usage{std::string(USAGE) + "\nunknown option " + name};
    }
  }
  for (const char* required : {"--server", "--key", "--product"}) {
    if (strings[required]->empty()) throw Usage{std::string(USAGE) + "\n" + required + " is required"};
  }
  while (!args.server.empty() && args.server.back() == '/') args.server.pop_back();
  if (args.has_hwid && (args.hwid.size() < 8 || args.hwid.size() > 256)) {
    throw Usage{"--hwid must be 8-256 characters."};
  }
  if (args.state.empty() && !args.public_key.empty()) {
    size_t slash = args.public_key.rfind('/');
    args.state = (slash == std::string::npos ? std::string(".") : args.public_key.substr(0, slash)) +
                 "/licence-state.json";
  }
  return check(args);
}

}  // namespace

int main(int argc, char** argv) {
  if (sodium_init() < 0) {
    std::cerr << "libsodium could not start\n";
    return EXIT_UNTRUSTED;
  }
  curl_global_init(CURL_GLOBAL_DEFAULT);
  int code;
  try {
    code = run(argc, argv);
  } catch (const Usage& err) {
    std::cerr << err.message << "\n";
    code = EXIT_USAGE;
  } catch (const Untrusted& err) {
    std::cerr << err.reason << ": " << err.message << "\n";
    code = EXIT_UNTRUSTED;
  }
  curl_global_cleanup();
  return code;
}
