// Package grammar reads the dynexpr DSL into a syntax tree, checks what the
// grammar cannot say, binds parameters and prints statements back, like
// go/ast, go/parser and go/printer together. Its files, by concern:
//
//   - lexer.go: the hand-written lexer (tokens, strings, numbers, names,
//     comments for Trivia).
//   - clauses.go: the one table of clauses (keywords, the statement kinds
//     that take each, repeatable or not, message texts, how each is
//     stored, checked, printed and inspected), from which the lexer's
//     keywords, the parser's dispatch, the resolver and the printer's
//     order derive. It says at its top what adding a clause touches.
//   - ast.go, node.go: the syntax tree, with diag.Pos positions, the Node
//     interface and Inspect.
//   - parse.go, parser_core.go, parse_statement.go, parse_condition.go,
//     parse_value.go, parse_errors.go, slab.go: the hand-written
//     recursive-descent parser, which is the one that runs, and its
//     messages; slab.go allocates its nodes in chunks.
//   - resolve.go: the resolver (clause rules per statement kind, decoded
//     literals, path elements).
//   - params.go: the parameter binder ($name to literals).
//   - print.go: the printer (Format, FormatPath, Name: the one path and
//     name printer, with the DSL's idea of which names need backticks).
//   - walk.go: walkers over conditions for the linter and explain.
//   - number.go: DynamoDB numbers, read exactly.
//
// The grammar's executable specification is in the tests: spec_test.go
// writes the grammar as participle struct tags and runs participle over the
// same lexer, and spec_convert_test.go converts its tree to this package's;
// TestFastMatchesParticiple and FuzzParsersAgree check that both parsers
// build identical trees or both fail. Keeping it in test files keeps
// participle out of the production binary.
package grammar
