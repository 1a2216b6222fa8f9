#include "script/lexer.h"

#include "script/lex_chars.h"
#include "script/lex_text.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace tirx {

using namespace lexchars;

// Lexer state for one pass over the source. The source is scanned once;
// tokens are views into it, so no per-token allocation happens.
class TokenStream::Lexer {
public:
    Lexer(std::string_view src, LexOptions opt) : m_src(src), m_opt(opt)
    {
        m_indents.push_back(0);
        m_altIndents.push_back(0);
        // A UTF-8 byte order mark is not part of the text (Python skips it).
        if (m_src.starts_with("\xEF\xBB\xBF")) m_pos = m_lineStart = 3;
    }

    // The whole source at once, for tokenize().
    LexResult run()
    {
        m_out.tokens.reserve(m_src.size() / 3 + 8);
        while (m_pos < m_src.size()) scanOne();
        finish();
        return std::move(m_out);
    }

    // Replaces `batch()` with the tokens of the next piece of source: at least
    // one token, the last batch ending with EndOfFile. False once that was given.
    // A batch of a few dozen tokens keeps the per-step cost low, and the
    // reader copies tokens whose stores have long left the store buffer.
    bool step()
    {
        m_out.tokens.clear();
        m_out.diagnostics.clear();
        if (m_done) return false;
        while (m_out.tokens.size() < kBatchTokens && m_pos < m_src.size()) scanOne();
        if (m_out.tokens.empty()) {
            finish();
            m_done = true;
        }
        return true;
    }

    [[nodiscard]] const LexResult& batch() const { return m_out; }

    size_t fill(Token* ring, size_t mask, size_t next, size_t target, size_t cap, std::vector<Diagnostic>& diagnostics)
    {
        m_ring = ring;
        m_mask = mask;
        m_next = next;
        m_cap = cap;
        // Tokens that did not fit last time come first (m_out.tokens holds them).
        while (m_spilled < m_out.tokens.size() && m_next < m_cap) m_ring[m_next++ & m_mask] = m_out.tokens[m_spilled++];
        if (m_spilled == m_out.tokens.size()) {
            m_out.tokens.clear();
            m_spilled = 0;
        }
        while (m_next < target && m_out.tokens.empty() && !m_done) {
            if (m_pos < m_src.size()) {
                scanOne();
            } else {
                finish();
                m_done = true;
            }
        }
        if (!m_out.diagnostics.empty()) {
            for (auto& d : m_out.diagnostics) diagnostics.push_back(std::move(d));
            m_out.diagnostics.clear();
        }
        m_cap = 0; // tokenize()/step() never write into the ring
        return m_next;
    }

private:
    struct Open {
        char ch;
        Span span;
    };

    std::string_view m_src;
    LexOptions m_opt;
    LexResult m_out;
    static constexpr size_t kBatchTokens = 32;
    size_t m_pos = 0;
    size_t m_diagnosticCount = 0;
    bool m_done = false;
    uint32_t m_line = 1;
    size_t m_lineStart = 0;
    bool m_atLineStart = true;
    bool m_lineHasTokens = false;
    std::vector<uint32_t> m_indents;
    // The same indentation with a tab counted as one column: Python's test
    // that tabs and spaces were not mixed in a way whose meaning depends on
    // the tab width.
    std::vector<uint32_t> m_altIndents;
    std::vector<Open> m_brackets;
    // fill(): the ring tokens go to; past m_cap they spill into m_out.tokens.
    Token* m_ring = nullptr;
    size_t m_mask = 0;
    size_t m_next = 0;
    size_t m_cap = 0;
    size_t m_spilled = 0; // m_out.tokens before this were moved to the ring

    [[nodiscard]] uint32_t col(size_t pos) const { return static_cast<uint32_t>(pos - m_lineStart + 1); }
    [[nodiscard]] char peek(size_t off = 0) const { return m_pos + off < m_src.size() ? m_src[m_pos + off] : '\0'; }

    void error(std::string msg, size_t pos, size_t end)
    {
        if (m_diagnosticCount >= 64) return; // garbage input: the first errors are the useful ones
        ++m_diagnosticCount;
        Span s{m_line, col(pos), m_line, col(end)};
        m_out.diagnostics.push_back({Diagnostic::Severity::Error, std::move(msg), s});
    }

    // Inlined: every token passes here, and at most call sites `kind` is a
    // constant that settles the m_lineHasTokens test at compile time.
    [[gnu::always_inline]] void emit(TokenKind kind, size_t begin, size_t end, uint32_t line, size_t lineStart)
    {
        // Filled in place: building a Token on the stack and copying it stalls
        // on store forwarding (a byte-wide store read back 16 bytes wide).
        Token& t = m_next < m_cap && m_out.tokens.empty() ? m_ring[m_next++ & m_mask] : m_out.tokens.emplace_back();
        t.kind = kind;
        t.text = std::string_view(m_src.data() + begin, end - begin);
        t.begin = static_cast<uint32_t>(begin);
        t.end = static_cast<uint32_t>(end);
        t.span = Span{line, static_cast<uint32_t>(begin - lineStart + 1), m_line, col(end)};
        if (kind != TokenKind::Comment && kind != TokenKind::Newline && kind != TokenKind::Indent &&
            kind != TokenKind::Dedent)
            m_lineHasTokens = true;
    }
    [[gnu::always_inline]] void emitHere(TokenKind kind, size_t begin, size_t end)
    {
        emit(kind, begin, end, m_line, m_lineStart);
    }

    // One step of the scan: a line start (indentation) or one token.
    void scanOne()
    {
        if (m_atLineStart && m_brackets.empty() && !lineStart()) return;
        scanToken();
    }

    void newline(size_t at)
    {
        // `at` is the position of '\n' (or '\r'); the Newline token covers it.
        if (m_brackets.empty() && m_lineHasTokens && m_opt.layoutTokens) emitHere(TokenKind::Newline, at, at);
        if (m_brackets.empty()) {
            m_lineHasTokens = false;
            m_atLineStart = true;
        }
        size_t next = at + 1;
        if (m_src[at] == '\r' && next < m_src.size() && m_src[next] == '\n') ++next;
        m_pos = next;
        ++m_line;
        m_lineStart = next;
    }

    // Measures the indentation of a new logical line and emits Indent/Dedent.
    // Returns false when the line was blank or comment-only (already consumed).
    bool lineStart()
    {
        size_t p = m_pos;
        // Indentation is nearly always spaces only, often a dozen or more:
        // count those eight at a time, then one by one; a tab or form feed
        // continues in the general loop.
        constexpr uint64_t kEightSpaces = 0x2020202020202020ull;
        for (uint64_t eight = 0; p + 8 <= m_src.size(); p += 8) {
            std::memcpy(&eight, m_src.data() + p, 8);
            if (eight != kEightSpaces) break;
        }
        while (p < m_src.size() && m_src[p] == ' ') ++p;
        uint32_t width = static_cast<uint32_t>(p - m_pos);
        uint32_t alt = width;
        while (p < m_src.size() && (m_src[p] == ' ' || m_src[p] == '\t' || m_src[p] == '\f')) {
            if (m_src[p] == '\t') {
                width = (width / 8 + 1) * 8;
                ++alt;
            } else if (m_src[p] == ' ') {
                ++width;
                ++alt;
            }
            ++p;
        }
        m_pos = p;
        if (p >= m_src.size()) return false;
        const char c = m_src[p];
        if (c == '\n' || c == '\r') {
            newline(p);
            return false;
        }
        if (c == '#') {
            scanComment();
            return false;
        }
        m_atLineStart = false;
        if (!m_opt.layoutTokens) return true;
        if (width > m_indents.back()) {
            if (alt <= m_altIndents.back()) inconsistentTabs(p);
            m_indents.push_back(width);
            m_altIndents.push_back(alt);
            emitHere(TokenKind::Indent, m_lineStart, p);
            m_lineHasTokens = false;
        } else if (width < m_indents.back()) {
            while (m_indents.size() > 1 && width < m_indents.back()) {
                m_indents.pop_back();
                m_altIndents.pop_back();
                emitHere(TokenKind::Dedent, p, p);
            }
            if (width != m_indents.back()) {
                // Recover by treating the line as belonging to the enclosing level.
                error("unindent does not match any outer indentation level", p, p);
            } else if (alt != m_altIndents.back()) {
                inconsistentTabs(p);
            }
            m_lineHasTokens = false;
        } else if (alt != m_altIndents.back()) {
            inconsistentTabs(p);
        }
        return true;
    }

    void inconsistentTabs(size_t p) { error("inconsistent use of tabs and spaces in indentation", m_lineStart, p); }

    void scanComment()
    {
        const size_t begin = m_pos;
        while (m_pos < m_src.size() && m_src[m_pos] != '\n' && m_src[m_pos] != '\r') {
            const auto c = static_cast<unsigned char>(m_src[m_pos]);
            m_pos += c != 0 && c < 0x80 ? 1 : textByte(m_pos);
        }
        if (m_opt.keepComments) {
            const bool had = m_lineHasTokens;
            emitHere(TokenKind::Comment, begin, m_pos);
            m_lineHasTokens = had;
        }
    }

    void scanToken()
    {
        unsigned char c = static_cast<unsigned char>(m_src[m_pos]);
        // Blanks between tokens: skipped here, so the token after them is
        // scanned in the same call.
        while (c == ' ' || c == '\t' || c == '\f') {
            if (++m_pos >= m_src.size()) return;
            c = static_cast<unsigned char>(m_src[m_pos]);
        }
        if (c == '\n' || c == '\r') {
            newline(m_pos);
            return;
        }
        if (c == '#') {
            scanComment();
            return;
        }
        if (c == '\\') {
            size_t p = m_pos + 1;
            if (p < m_src.size() && (m_src[p] == '\n' || m_src[p] == '\r')) {
                // Explicit line joining: the next physical line continues this one.
                const bool had = m_lineHasTokens;
                auto saved = m_brackets.size();
                m_brackets.push_back({'\\', {}});
                newline(p);
                m_brackets.resize(saved);
                m_lineHasTokens = had;
                return;
            }
            error("unexpected character after line continuation character", m_pos, m_pos + 1);
            emitHere(TokenKind::Error, m_pos, m_pos + 1);
            ++m_pos;
            return;
        }
        if (kIdentStarts[c]) {
            size_t p = m_pos + 1;
            while (p < m_src.size() && kAsciiIdentChars[static_cast<unsigned char>(m_src[p])]) ++p;
            if (c >= 0x80 || (p < m_src.size() && static_cast<unsigned char>(m_src[p]) >= 0x80)) {
                scanNonAsciiName(p);
                return;
            }
            if (p < m_src.size() && (m_src[p] == '\'' || m_src[p] == '"') && p - m_pos <= 2 &&
                isStringPrefix(m_pos, p)) {
                scanString(m_pos, p);
                return;
            }
            const auto text = m_src.substr(m_pos, p - m_pos);
            emitHere(isKeyword(text) ? TokenKind::Keyword : TokenKind::Name, m_pos, p);
            m_pos = p;
            return;
        }
        if (isDigit(c) || (c == '.' && isDigit(static_cast<unsigned char>(peek(1))))) {
            scanNumber();
            return;
        }
        if (c == '\'' || c == '"') {
            scanString(m_pos, m_pos);
            return;
        }
        scanOperator();
    }

    // The rest of a name with a byte past ASCII, from `p`: no string prefix
    // and no keyword, and refused unless it is valid UTF-8.
    void scanNonAsciiName(size_t p)
    {
        while (p < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[p]))) ++p;
        const auto bad = nonAsciiNameError(m_src, m_pos, p);
        if (bad) error(bad->message, bad->begin, bad->end);
        emitHere(bad ? TokenKind::Error : TokenKind::Name, m_pos, p);
        m_pos = p;
    }

    // Steps over one byte (or UTF-8 character) of a comment or a string.
    size_t textByte(size_t p)
    {
        auto checked = checkTextByte(m_src, p);
        if (checked.error) error(std::move(checked.error->message), checked.error->begin, checked.error->end);
        return checked.length;
    }

    [[nodiscard]] bool isStringPrefix(size_t b, size_t e) const
    {
        for (size_t i = b; i < e; ++i) {
            const char ch = static_cast<char>(m_src[i] | 0x20);
            if (ch != 'r' && ch != 'b' && ch != 'u' && ch != 'f') return false;
        }
        return true;
    }

    void scanString(size_t begin, size_t quotePos)
    {
        const char q = m_src[quotePos];
        const uint32_t line = m_line;
        const size_t lineStart = m_lineStart;
        const bool triple = quotePos + 2 < m_src.size() && m_src[quotePos + 1] == q && m_src[quotePos + 2] == q;
        size_t p = quotePos + (triple ? 3 : 1);
        while (true) {
            if (p >= m_src.size()) {
                const uint32_t curLine = m_line;
                const size_t curStart = m_lineStart;
                m_line = line;
                m_lineStart = lineStart;
                error(triple ? "unterminated triple-quoted string literal" : "unterminated string literal", begin,
                      begin + 1);
                m_line = curLine;
                m_lineStart = curStart;
                emit(TokenKind::Error, begin, m_src.size(), line, lineStart);
                m_pos = m_src.size();
                return;
            }
            const char ch = m_src[p];
            if (ch == '\0' || static_cast<unsigned char>(ch) >= 0x80) {
                p += textByte(p);
                continue;
            }
            if (ch == '\\' && p + 1 < m_src.size()) {
                if (m_src[p + 1] == '\n') {
                    ++m_line;
                    m_lineStart = p + 2;
                }
                p += 2;
                continue;
            }
            if (ch == '\n' || ch == '\r') {
                if (!triple) {
                    const size_t savedStart = m_lineStart;
                    m_lineStart = lineStart;
                    error("unterminated string literal", begin, begin + 1);
                    emitHere(TokenKind::Error, begin, p);
                    m_lineStart = savedStart;
                    m_pos = p;
                    return;
                }
                ++m_line;
                m_lineStart = p + 1;
                ++p;
                continue;
            }
            if (ch == q) {
                if (!triple) {
                    ++p;
                    break;
                }
                if (p + 2 < m_src.size() && m_src[p + 1] == q && m_src[p + 2] == q) {
                    p += 3;
                    break;
                }
            }
            ++p;
        }
        emit(TokenKind::String, begin, p, line, lineStart);
        m_pos = p;
    }

    // Digits with single underscores between them; returns the end.
    size_t digits(size_t p, bool (*ok)(unsigned char), bool& bad)
    {
        bool lastUnderscore = false;
        bool any = false;
        while (p < m_src.size()) {
            const auto ch = static_cast<unsigned char>(m_src[p]);
            if (ok(ch)) {
                lastUnderscore = false;
                any = true;
            } else if (ch == '_') {
                if (lastUnderscore || !any) bad = true;
                lastUnderscore = true;
            } else {
                break;
            }
            ++p;
        }
        if (lastUnderscore) bad = true;
        return p;
    }

    void scanNumber()
    {
        const size_t begin = m_pos;
        size_t p = m_pos;
        bool bad = false;
        bool isFloat = false;
        std::string_view what = "decimal";
        const char c1 = static_cast<char>(peek(1) | 0x20);
        if (m_src[p] == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
            p += 2;
            const size_t d = p;
            if (c1 == 'x') {
                what = "hexadecimal";
                p = digits(p, isHex, bad);
            } else if (c1 == 'o') {
                what = "octal";
                p = digits(
                    p, [](unsigned char ch) { return ch >= '0' && ch <= '7'; }, bad);
            } else {
                what = "binary";
                p = digits(
                    p, [](unsigned char ch) { return ch == '0' || ch == '1'; }, bad);
            }
            if (p == d) bad = true;
        } else {
            p = digits(p, isDigit, bad);
            const bool leadingZero = m_src[begin] == '0' && p - begin > 1;
            if (p < m_src.size() && m_src[p] == '.') {
                isFloat = true;
                ++p;
                if (p < m_src.size() && isDigit(static_cast<unsigned char>(m_src[p]))) p = digits(p, isDigit, bad);
            }
            if (p < m_src.size() && (m_src[p] | 0x20) == 'e') {
                size_t e = p + 1;
                if (e < m_src.size() && (m_src[e] == '+' || m_src[e] == '-')) ++e;
                if (e < m_src.size() && isDigit(static_cast<unsigned char>(m_src[e]))) {
                    isFloat = true;
                    p = digits(e, isDigit, bad);
                } else {
                    bad = true;
                    p = e;
                }
            }
            if (!isFloat && leadingZero) {
                bool allZero = true;
                for (size_t i = begin; i < p; ++i) allZero = allZero && (m_src[i] == '0' || m_src[i] == '_');
                if (!allZero) {
                    error("leading zeros in decimal integer literals are not permitted", begin, p);
                    emitHere(TokenKind::Error, begin, p);
                    m_pos = p;
                    return;
                }
            }
        }
        // A literal running straight into letters ("12ab", "1.5f") is malformed.
        if (p < m_src.size() && (isIdentChar(static_cast<unsigned char>(m_src[p])) || m_src[p] == '.')) {
            if ((m_src[p] | 0x20) == 'j') {
                error("complex literals are not supported", begin, p + 1);
                ++p;
            } else {
                bad = true;
            }
            while (p < m_src.size() && isIdentChar(static_cast<unsigned char>(m_src[p]))) ++p;
            if (bad) error("invalid " + std::string(what) + " literal", begin, p);
            emitHere(TokenKind::Error, begin, p);
            m_pos = p;
            return;
        }
        if (bad) {
            error("invalid " + std::string(what) + " literal", begin, p);
            emitHere(TokenKind::Error, begin, p);
        } else {
            emitHere(isFloat ? TokenKind::Float : TokenKind::Int, begin, p);
        }
        m_pos = p;
    }

    void scanOperator()
    {
        const size_t len = operatorLength(m_src, m_pos);
        if (len == 0) {
            const auto ch = static_cast<unsigned char>(m_src[m_pos]);
            std::string shown;
            if (ch >= 0x20 && ch < 0x7f) {
                shown = std::string(1, static_cast<char>(ch));
            } else {
                static constexpr char kHex[] = "0123456789abcdef";
                shown = std::string("\\x") + kHex[ch >> 4] + kHex[ch & 15];
            }
            error("invalid character '" + shown + "' in source", m_pos, m_pos + 1);
            emitHere(TokenKind::Error, m_pos, m_pos + 1);
            ++m_pos;
            return;
        }
        const char c = m_src[m_pos];
        if (len == 1 && (c == '(' || c == '[' || c == '{')) {
            m_brackets.push_back({c, Span{m_line, col(m_pos), m_line, col(m_pos + 1)}});
        } else if (len == 1 && (c == ')' || c == ']' || c == '}')) {
            const char want = c == ')' ? '(' : c == ']' ? '[' : '{';
            if (m_brackets.empty()) {
                error(std::string("unmatched '") + c + "'", m_pos, m_pos + 1);
            } else if (m_brackets.back().ch != want) {
                error(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" +
                          m_brackets.back().ch + "'",
                      m_pos, m_pos + 1);
                m_brackets.pop_back();
            } else {
                m_brackets.pop_back();
            }
        }
        emitHere(TokenKind::Operator, m_pos, m_pos + len);
        m_pos += len;
    }

    void finish()
    {
        for (const auto& open : m_brackets) {
            if (open.ch == '\\') continue;
            if (m_diagnosticCount >= 64) continue;
            ++m_diagnosticCount;
            m_out.diagnostics.push_back(
                {Diagnostic::Severity::Error, std::string("'") + open.ch + "' was never closed", open.span});
        }
        const size_t end = m_src.size();
        if (m_opt.layoutTokens) {
            if (m_lineHasTokens) emitHere(TokenKind::Newline, end, end);
            while (m_indents.size() > 1) {
                m_indents.pop_back();
                emitHere(TokenKind::Dedent, end, end);
            }
        }
        emitHere(TokenKind::EndOfFile, end, end);
    }
};

TokenStream::TokenStream(std::string_view source, LexOptions options)
    : m_lexer(std::make_unique<Lexer>(source, options))
{
}

TokenStream::~TokenStream() = default;

bool TokenStream::step() { return m_lexer->step(); }

const LexResult& TokenStream::batch() const { return m_lexer->batch(); }

size_t TokenStream::fill(Token* ring, size_t mask, size_t next, size_t target, size_t cap,
                         std::vector<Diagnostic>& diagnostics)
{
    return m_lexer->fill(ring, mask, next, target, cap, diagnostics);
}

LexResult tokenize(std::string_view source, LexOptions options) { return TokenStream::Lexer(source, options).run(); }

} // namespace tirx
