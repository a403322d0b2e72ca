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
// Every literal becomes a DynamoDB AttributeValue directly from its typed
// text: a number keeps its decimal text exactly as written (never through
// float64), a binary value is the base64 text as written, sets keep their
// elements in the order written. Values never appear in an expression
// string: each one is an entry of ExpressionAttributeValues. Key, Item and
// ExclusiveStartKey hold their values directly: a key is written
// k = VALUE [and k = VALUE], and after also takes a map. Text that is not
// UTF-8 is refused, since DynamoDB takes nothing else.
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
// The expressions are built with the AWS SDK's expression package
// (github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression) and then
// normalised: its numbered placeholders (#0, :0) are replaced as above, and
// the clauses of an UpdateExpression, which it writes in the order ADD,
// DELETE, REMOVE, SET, each on its own line, are joined by single spaces.
// A query's key condition is built with the SDK's KeyConditionBuilder when
// it has a shape that builder takes (KEY = V, optionally followed by one
// sort-key condition; on a multi-attribute key, = on several attributes then
// one condition on the last). Any other shape DynamoDB's syntax can write
// (or, not, <>, in, a condition on the partition key other than =, two
// conditions on one key) is built as a condition and put in
// KeyConditionExpression as it is, so that a request the linter warns about
// can still be sent and shown to be refused. Function names are taken in
// any case and written in lower case, as DynamoDB wants them. What the SDK
// cannot write (attribute_exists("text"), an unknown function, begins_with
// or contains against another attribute) is an error at the offending
// node, saying what to write instead.
//
// # JSON
//
// Request.JSON writes the document with the keys of every object sorted,
// either indented by two spaces or on one line, without a final newline,
// with <, > and & as they are and UTF-8 text unescaped. Empty
// ExpressionAttributeNames and ExpressionAttributeValues are left out (DynamoDB
// refuses them empty), as is every field the statement does not set.
package builder
