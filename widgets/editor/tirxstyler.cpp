#include "editor/tirxstyler.h"

#include "editor/tirxlexer.h"

#include "ir/callables.h"
#include "ir/dtype.h"
#include "script/lexer.h"

#include <string>

namespace {

using tirx::Token;
using tirx::TokenKind;

// The characters between the quotes of a string token, prefixes dropped.
std::string_view stringContents(std::string_view text)
{
    size_t first = text.find_first_of("\"'");
    if (first == std::string_view::npos) return {};
    const char quote = text[first];
    size_t count = 0;
    while (first + count < text.size() && text[first + count] == quote && count < 3) ++count;
    if (count == 2) // an empty string
        return {};
    const size_t open = count == 3 ? 3 : 1;
    if (text.size() < first + 2 * open) return {};
    return text.substr(first + open, text.size() - first - 2 * open);
}

bool isScope(std::string_view s) { return s.starts_with("trn.") || s == "global" || s == "shared" || s == "local"; }

int stringStyle(std::string_view tokenText)
{
    const std::string_view contents = stringContents(tokenText);
    if (isScope(contents)) return TirxLexer::Scope;
    if (!contents.empty() && tirx::DataType::parse(contents)) return TirxLexer::DType;
    return TirxLexer::String;
}

int nameStyle(std::string_view name)
{
    if (name == "P" || name == "F" || name == "Bank") return TirxLexer::Axis;
    if (tirx::DataType::parse(name)) return TirxLexer::DType;
    return TirxLexer::Default;
}

bool isDot(const Token& t) { return t.kind == TokenKind::Operator && t.text == "."; }

// The longest dotted chain starting at tokens[i] ("T" "." "nki" "." "x") that
// names a callable; returns the index one past its last token, or i.
size_t callableChainEnd(const std::vector<Token>& tokens, size_t i)
{
    std::string name(tokens[i].text);
    size_t best = i;
    size_t j = i + 1;
    while (j + 1 < tokens.size() && isDot(tokens[j]) && tokens[j + 1].kind == TokenKind::Name &&
           tokens[j].begin == tokens[j - 1].end && tokens[j + 1].begin == tokens[j].end) {
        name += '.';
        name += tokens[j + 1].text;
        j += 2;
        if (tirx::findCallable(name)) best = j;
    }
    return best;
}

} // namespace

std::vector<StyledRun> styleRuns(std::string_view source)
{
    const tirx::LexResult lexed = tirx::tokenize(source, {.keepComments = true, .layoutTokens = false});
    const std::vector<Token>& tokens = lexed.tokens;
    std::vector<StyledRun> runs;
    runs.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        switch (t.kind) {
        case TokenKind::Name: {
            if (t.text == "T") {
                const size_t chainEnd = callableChainEnd(tokens, i);
                if (chainEnd > i) {
                    runs.push_back({t.begin, tokens[chainEnd - 1].end, TirxLexer::Callable});
                    i = chainEnd - 1;
                    break;
                }
            }
            runs.push_back({t.begin, t.end, nameStyle(t.text)});
            break;
        }
        case TokenKind::Keyword: runs.push_back({t.begin, t.end, TirxLexer::Keyword}); break;
        case TokenKind::Int:
        case TokenKind::Float: runs.push_back({t.begin, t.end, TirxLexer::Number}); break;
        case TokenKind::String: runs.push_back({t.begin, t.end, stringStyle(t.text)}); break;
        case TokenKind::Operator: runs.push_back({t.begin, t.end, TirxLexer::Operator}); break;
        case TokenKind::Comment: runs.push_back({t.begin, t.end, TirxLexer::Comment}); break;
        case TokenKind::Error: runs.push_back({t.begin, t.end, TirxLexer::Error}); break;
        case TokenKind::Newline:
        case TokenKind::Indent:
        case TokenKind::Dedent:
        case TokenKind::EndOfFile: break;
        }
    }
    return runs;
}
