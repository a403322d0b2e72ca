// Package partiql reads DynamoDB's PartiQL dialect (what execute-statement,
// batch-execute-statement and execute-transaction take): a hand-written
// lexer and recursive-descent parser into a syntax tree whose every node
// carries its diag.Pos. spec_test.go holds the same grammar as participle
// struct tags, its executable specification; the two must build identical
// trees (TestFastMatchesSpec, FuzzPartiQLParsersAgree). The package imports
// only diag.
package partiql
