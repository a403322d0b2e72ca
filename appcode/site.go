// Package appcode finds the DynamoDB requests that application code writes
// as literals — `KeyConditionExpression="#pk = :pk"` in a boto3 call,
// `KeyConditionExpression: "status = :s"` in an AWS SDK for JavaScript
// command, a Go SDK input struct, a Java SDK builder chain — so that lint
// can check them with the same rules as request JSON.
//
// A reader per language turns a source file into Sites: the members one
// call, struct literal, object literal or builder chain gives, each value
// either a literal with its place in the file or Opaque (a variable, a
// concatenation, an interpolated string, a call). What is opaque is never
// guessed: the rules judge only what the code shows.
//
// This file is the model every language's reader produces; the readers,
// and the conversion of a Site into a request the rules read, sit beside it.
package appcode

// Lang is a source language, as told from a file's extension.
type Lang string

// The languages whose files are read.
const (
	Go         Lang = "go"
	Python     Lang = "python"
	JavaScript Lang = "javascript" // .js .mjs .cjs .jsx, and TypeScript: .ts .tsx
	Java       Lang = "java"
	Kotlin     Lang = "kotlin"
)

// Result is what a reader found in one file.
type Result struct {
	Lang  Lang
	Sites []*Site
	// Skipped are request members whose value the reader saw but cannot
	// read as a literal: counted, and listed by lint -v, never guessed.
	Skipped []Skip
	// Directives are the file's dynexpr: comments, in file order.
	Directives []Directive
}

// Site is one request the code writes: the members of one call, struct or
// object literal, or builder chain, in source order.
type Site struct {
	Pos     int // byte offset of the call or literal (its first character)
	End     int // byte offset just past it
	Members []Member
	// Command is the aws dynamodb command the code names (the SDK's input
	// type, the client's method: query, update-item, transact-write-items,
	// ...), or "" when it cannot tell: Call then tells, else the members,
	// as in a request file.
	Command string
	// Call names what the site is written in, where the code shows it:
	// the method or function called ("query", "update_item"), the
	// command or builder constructed ("QueryCommand", "QueryRequest"), the
	// type a literal is declared as ("QueryCommandInput"), or the member
	// of a group it is ("Update" in TransactItems); "" where nothing
	// names it. CommandOfCall tells the command from it.
	Call string
	// Whole says the site shows every member the request gets (a struct
	// literal passed straight to the client's method): a member it does not
	// give is absent. Otherwise (a literal kept in a variable and changed
	// later, keyword arguments spread from a dict) an absent member is
	// unknown, never reported missing.
	Whole bool
	// Partial says the site may have members the reader cannot see: it
	// spreads a value (**params, ...params), continues a builder held in
	// a variable, or sets members under a condition. A partial site is
	// never Whole.
	Partial bool
	// Style is how the site writes attribute values, where the reader can
	// tell (the client in use, the value's own shape); StyleUnknown
	// otherwise, and the conversion then tells each value by its shape.
	Style ValueStyle
}

// Member is one request member of a site: a keyword argument, an object
// key, a struct field or a builder call, under the name DynamoDB gives it
// (a Java builder's keyConditionExpression is KeyConditionExpression).
type Member struct {
	Name    string
	NamePos int // byte offset of the name as written
	Value   Value
}

// ValueStyle is how attribute values are written.
type ValueStyle uint8

const (
	StyleUnknown ValueStyle = iota
	// StyleLowLevel: DynamoDB JSON, {":s": {"S": "x"}} (boto3's client,
	// the SDKs' low-level clients, Go's types.AttributeValueMemberS).
	StyleLowLevel
	// StyleDocument: plain values, {":s": "x"} (boto3's resource
	// Table, DynamoDBDocumentClient, lib-dynamodb).
	StyleDocument
)

// Kind is the kind of a value found in code.
type Kind uint8

const (
	// Opaque is a value the code computes: a variable, a call, a
	// concatenation, an interpolated or formatted string. Why says which.
	Opaque Kind = iota
	String
	Number
	Bool
	Null
	List
	Map
)

// Value is a literal value in code, or an opaque one.
type Value struct {
	Kind Kind
	// Start and End are the byte offsets of the value as written (for a
	// string: its quotes, prefix and all).
	Start, End int
	// Text is a string's decoded text, a number's text as written, or
	// "true"/"false".
	Text string
	// Offsets, for a string, has the byte offset in the file of each byte
	// of Text, and one more entry for the offset just past its last
	// character: a finding at byte i of an expression points at
	// Offsets[i], inside the literal, escapes and all.
	Offsets []int
	Elems   []Value // List
	Entries []Entry // Map, in source order
	// Type, for a value the code wraps in a typed constructor
	// (AttributeValue.builder().s("x"), &types.AttributeValueMemberN{...}),
	// is DynamoDB's type letter (S, N, B, BOOL, NULL, L, M, SS, NS, BS).
	// A B value (and each element of a BS) is a String whose Text is the
	// bytes themselves: the conversion writes their base64.
	Type string
	// Joined says a string's text is joined from literals written apart
	// (a concatenation, a constant declared elsewhere): its Offsets point
	// at each byte's literal, and need not rise nor lie within Start and
	// End.
	Joined bool
	// Why, for Opaque, says what the value is, in a few words: "a
	// variable", "a concatenation", "an f-string".
	Why string
	// Env, for a value read from an environment variable the code names
	// (process.env.TABLE, os.environ["TABLE"]), is the variable (env.go).
	Env string
}

// Entry is one key: value pair of a map literal. A key that is not a
// literal makes the map incomplete: its keys are not all known.
type Entry struct {
	Key, Value Value
}

// Skip is a request member the reader met but could not read.
type Skip struct {
	Pos    int
	Member string
	Why    string
}

// Directive is a dynexpr: comment in the host language's comment syntax:
// `# dynexpr:table Tickets`, `// dynexpr:ignore RULE -- reason`.
type Directive struct {
	Pos  int    // byte offset of the comment's first character
	Line int    // 1-based line of the comment
	Verb string // "table" or "ignore"
	Args string // what follows the verb, trimmed
	// Trailing says the comment ends a line that has code before it (it
	// applies to that line); otherwise it applies to the next line of code.
	Trailing bool
}
