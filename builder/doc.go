// Package builder turns a parsed, parameter-bound dynexpr statement into the
// request document that `aws dynamodb <command> --cli-input-json` takes, and
// writes that document as canonical JSON: the same statement gives the same
// bytes, always.
//
//	f, _ := grammar.Parse("<arg>", `update Tickets key id = "a91f" set openBucket = "OPEN"`)
//	req, err := builder.Build(f.Statements[0])
//	os.Stdout.Write(req.JSON(true))
//
// # Values
//
// Every literal becomes a Value, the builder's DynamoDB AttributeValue,
// directly from its typed text: a number keeps its decimal text exactly as
// written (never through float64), a binary value is the base64 text as
// written (checked, never re-encoded), sets keep their elements in the
// order written. Values never appear in an expression
// string: each one is an entry of ExpressionAttributeValues. Key, Item and
// ExclusiveStartKey hold their values directly: a key is written
// k = VALUE [and k = VALUE], and after also takes a map. Text that is not
// UTF-8 is refused, since DynamoDB takes nothing else.
//
// The JSON holds a binary value as its base64 text, which AWS CLI v2
// decodes. AWS CLI v1 sends the UTF-8 of the text instead, so BuildFor(st,
// CLIv1) writes the bytes themselves as JSON text, and refuses (at the
// value) bytes that are not UTF-8, which no JSON text can carry to v1.
//
// # Names
//
// Every attribute name in an expression is written through a #placeholder,
// even a plain one, so a reserved word (name, status, date, ...) can never
// break a request. A backticked name is one name whatever it contains: the
// name `a.b` is one attribute, the path a.b is two. A path is written
// element by element: meta.`tag-list`[2] becomes #meta.#tag_list[2].
//
// # Placeholders
//
// The placeholders are readable and stable, derived from what they stand for:
//
//   - A name placeholder is # followed by the name: openBucket is written
//     #openBucket.
//   - A value placeholder is : followed by the last name of the path the
//     value meets: in openBucket = "OPEN" the value is :openBucket; in
//     set a.b = 1 it is :b; in a[2] = 1 it is :a. A value meets the first
//     path of its comparison (size(p) and the first argument of a function
//     count as p), the target of its set action, or the path of its add or
//     delete action. A value that meets no path ("x" = "y") is :v.
//   - Characters outside A-Z, a-z, 0-9 and _ become _ (open-bucket is
//     #open_bucket, the one name a.b is #a_b); a name of nothing but such
//     characters still gives a placeholder, #_ for instance. DynamoDB takes
//     placeholders of at most 255 bytes, so a longer name is cut.
//   - Clashes are numbered: two names that come out alike (a-b and a_b), or
//     two values that meet the same path (openedAt between "x" and "y"), get
//     the suffixes _2, _3, ...: #a_b and #a_b_2, :openedAt and :openedAt_2.
//     A suffix that would clash with another placeholder moves on to the next
//     number.
//   - Placeholders are given in order of first appearance, reading the
//     expressions in a fixed order: KeyConditionExpression,
//     FilterExpression, ConditionExpression, ProjectionExpression,
//     UpdateExpression. A name used in several expressions has one
//     placeholder. So adding a clause never renames the placeholders of the
//     others, except a value that meets the same path after the new one
//     (it moves from :a to :a_2) and names that come out alike.
//
// # Expressions
//
// The builder writes the expressions itself, in the spelling of the AWS
// SDK's expression package (feature/dynamodb/expression), which built them
// in earlier versions: every golden request, and every request people have
// compared or stored, holds that spelling, so it stays byte for byte. The
// builder's tests keep the SDK as the spec: they build every statement of
// the repository both ways and require the same text, names and values.
// The spelling is the SDK's, not DynamoDB's, which takes any spacing:
//
//   - An AND or OR of several conditions puts each in parentheses, whatever
//     it is: a = 1 and b = 2 or c = 3 is written
//     ((#a = :a) AND (#b = :b)) OR (#c = :c). Parentheses written in the
//     statement add none of their own; NOT always has its own: NOT (#a = :a).
//   - The condition functions have a space before their parenthesis, the
//     update functions none: attribute_exists (#a), attribute_not_exists,
//     attribute_type (#a, :a), begins_with (#a, :a), contains (#a, :a) and
//     size (#a), but if_not_exists(#a, :a) and list_append(#a, :a).
//   - Comparisons and BETWEEN ... AND, IN (...), + and - have single spaces
//     around their operators; lists are separated by ", ".
//   - An UpdateExpression has its clauses in the order ADD, DELETE, REMOVE,
//     SET (the SDK sorts them by name), each once, its actions in the order
//     written, and the clauses are joined by single spaces.
//
// While it writes, an expression holds #id and :id for its names and
// values; the placeholders above replace them once the statement is built.
// A query's key condition has the shape of the SDK's KeyConditionBuilder
// when it can (KEY = V, optionally followed by one sort-key condition; on a
// multi-attribute key, = on several attributes then one condition on the
// last): each part in parentheses as above, except a lone one. Any other
// shape DynamoDB's syntax can write (or, not, <>, in, a condition on the
// partition key other than =, two conditions on one key) is written as a
// condition, so that a request the linter warns about can still be sent
// and shown to be refused. Function names are taken in any case and
// written in lower case, as DynamoDB wants them. What DynamoDB cannot take
// (attribute_exists("text"), an unknown function, begins_with against a
// size) is an error at the offending node, saying what to write instead.
//
// # Groups
//
// A group (transact write, transact get, batch get, batch write) is one
// request whose members are requests: TransactItems, in the order written,
// each {"Put": {...}}, {"Update": ...}, {"Delete": ...},
// {"ConditionCheck": ...} or {"Get": ...}; or RequestItems, by table (the
// tables sorted, as every object's keys), each a KeysAndAttributes (batch
// get) or a list of {"PutRequest": {"Item": ...}} and
// {"DeleteRequest": {"Key": ...}} (batch write), the members of a table in
// the order written. Each member is built by a builder of its own, exactly
// as the same statement alone: its expressions, placeholders and values are
// byte for byte the statement's, and carry their own
// ExpressionAttributeNames and Values. What a member may not say in its
// group (return in a transaction, a condition in a batch write, gets of one
// table that disagree on their projection in a batch get, ...) is refused
// under the lint rule named for it (group.go). Split cuts a batch over
// DynamoDB's limit into batches within it.
//
// # JSON
//
// Request.JSON writes the document with the keys of every object sorted,
// either indented by two spaces or on one line, without a final newline,
// with <, > and & as they are and UTF-8 text unescaped. Empty
// ExpressionAttributeNames and ExpressionAttributeValues are left out (DynamoDB
// refuses them empty), as is every field the statement does not set.
package builder
