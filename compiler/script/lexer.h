#pragma once

#include "ir/diagnostic.h"
#include "script/token.h"

#include <memory>
#include <string_view>
#include <vector>

namespace tirx {

struct LexOptions {
    // Keep comment tokens (the editor highlights them; the parser skips them).
    bool keepComments = false;
    // Produce Newline/Indent/Dedent tokens (the parser needs them; the editor's
    // highlighter does not).
    bool layoutTokens = true;
};

struct LexResult {
    std::vector<Token> tokens; // always ends with EndOfFile
    std::vector<Diagnostic> diagnostics;
};

// Python-style tokenizer for TVMScript: implicit line joining inside brackets,
// backslash continuation, INDENT/DEDENT from leading spaces, '#' comments,
// single/double/triple-quoted strings, all Python numeric literal forms.
// Never throws; unreadable input becomes Error tokens plus diagnostics.
// Token texts are views into `source`, which must outlive the result.
[[nodiscard]] LexResult tokenize(std::string_view source, LexOptions options = {});

// The same tokens, produced a few at a time for a reader that consumes them
// front to back (the parser): only a small window of tokens is ever held, so
// a large file costs no token array. `source` must outlive the stream.
class TokenStream {
public:
    explicit TokenStream(std::string_view source, LexOptions options = {});
    ~TokenStream();
    TokenStream(const TokenStream&) = delete;
    TokenStream& operator=(const TokenStream&) = delete;

    // Lexes the next piece of the source into batch(): at least one token,
    // plus the diagnostics found on the way. The last batch ends with
    // EndOfFile; after it, step() returns false and leaves batch() empty.
    bool step();
    [[nodiscard]] const LexResult& batch() const;

    // The parser's way to read: lexes straight into the caller's ring of
    // tokens (`mask + 1` slots, a power of two) instead of into batch().
    // Token number `next` goes to ring[next & mask], and so on; tokens are
    // lexed until number `target` is reached or the source ended, and never
    // written at or past number `cap` (the surplus waits for the next call).
    // Diagnostics found on the way are appended to `diagnostics`. Returns
    // the number of the next token to come. Do not mix with step().
    size_t fill(Token* ring, size_t mask, size_t next, size_t target, size_t cap, std::vector<Diagnostic>& diagnostics);

    class Lexer;

private:
    std::unique_ptr<Lexer> m_lexer;
};

} // namespace tirx
