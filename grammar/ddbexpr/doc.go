// Package ddbexpr reads DynamoDB's own expression syntax — the
// KeyConditionExpression, FilterExpression, ConditionExpression,
// ProjectionExpression and UpdateExpression strings found in request JSON
// files — the way DynamoDB reads them, so that the linter can say before a
// request is sent what DynamoDB would answer.
//
// The lexer and grammar follow DynamoDB's own (the ANTLR grammar shipped in
// DynamoDB Local, "DynamoDbGrammar.g4"), not the looser grammars of the
// emulators:
//
//   - keywords AND OR NOT BETWEEN IN SET REMOVE ADD DELETE are
//     case-insensitive and can never be attribute names, not even after a dot;
//   - a bare attribute name is [A-Za-z][A-Za-z0-9_]* (a leading "_" is a
//     syntax error, as real DynamoDB answers: token: "_", near: "set _x");
//     anything else needs a #name placeholder;
//   - placeholders are #[A-Za-z0-9_]+ and :[A-Za-z0-9_]+;
//   - a list index is 0 or [1-9][0-9]*; there are no other literals;
//   - function names are case-sensitive.
//
// Parse returns a tree whose every node knows its byte span in the expression.
// A *SyntaxError carries both our own explanation (Msg) and the text DynamoDB
// would return (DynamoMsg), including DynamoDB's "token"/"near" excerpt.
// The walkers on *Expr give the linter what it checks against the request's
// maps and limits: placeholders, bare names (reserved words), document
// paths, operator counts, IN lists, redundant parentheses.
package ddbexpr
