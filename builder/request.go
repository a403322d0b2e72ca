package builder

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

// Request is one DynamoDB request: the members of the API's input for
// Command, as `aws dynamodb Command --cli-input-json` takes them. Build sets
// only the members its command takes; a zero member (empty string, nil
// pointer, nil map, empty placeholder map) is left out of the JSON.
type Request struct {
	// Command is the `aws dynamodb` subcommand: query, scan, get-item,
	// put-item, update-item, delete-item, transact-write-items,
	// transact-get-items, batch-get-item or batch-write-item; "" for a
	// group's member.
	Command string
	// CLI is the AWS CLI the JSON is written for: it decides how binary
	// values are written (AWSCLI).
	CLI AWSCLI

	TableName string
	IndexName string

	// Key is the item's primary key (get-item, update-item, delete-item).
	Key map[string]Value
	// Item is the item to write (put-item).
	Item map[string]Value
	// ExclusiveStartKey is where a query or scan resumes (after).
	ExclusiveStartKey map[string]Value

	KeyConditionExpression string
	FilterExpression       string
	ConditionExpression    string
	ProjectionExpression   string
	UpdateExpression       string

	// Select is COUNT, ALL_ATTRIBUTES or ALL_PROJECTED_ATTRIBUTES.
	Select string
	// ScanIndexForward is true for asc, false for desc, nil when not given.
	ScanIndexForward *bool
	Limit            *int32
	ConsistentRead   *bool
	Segment          *int32
	TotalSegments    *int32
	// ReturnValues is NONE, ALL_OLD, ALL_NEW, UPDATED_OLD or UPDATED_NEW.
	ReturnValues string

	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]Value

	// ReturnConsumedCapacity is TOTAL, INDEXES or NONE (capacity), on
	// every command.
	ReturnConsumedCapacity string
	// ReturnItemCollectionMetrics is SIZE (metrics): put, update and
	// delete, transact write and batch write.
	ReturnItemCollectionMetrics string
	// ReturnValuesOnConditionCheckFailure is ALL_OLD or NONE
	// (return_on_failure): put, update and delete, and the members of a
	// transact write.
	ReturnValuesOnConditionCheckFailure string
	// ClientRequestToken is a transact write's token.
	ClientRequestToken string

	// TransactItems are a transaction's members in the order written
	// (transact-write-items, transact-get-items).
	TransactItems []Member
	// RequestItems are a batch's requests by table (batch-get-item,
	// batch-write-item); the JSON writes the tables sorted.
	RequestItems map[string]*TableRequests

	// Statement and Parameters are an execute-statement's PartiQL
	// statement and its ? values in order.
	Statement  string
	Parameters []Value
	// Statements are a batch-execute-statement's, TransactStatements an
	// execute-transaction's, in the order written.
	Statements         []PartiQLMember
	TransactStatements []PartiQLMember
}

// Member is one request of a group, as the group's JSON holds it: an
// element of TransactItems ({"Put": {...}}) or of a batch write's list of
// one table ({"PutRequest": {"Item": {...}}}).
type Member struct {
	// Op is the key the request is written under: Put, Update, Delete,
	// ConditionCheck or Get in a transaction; PutRequest or DeleteRequest
	// in a batch write.
	Op string
	// Request holds the member's own members (TableName, Key, its
	// expressions and their placeholder maps, ...); its Command is "".
	Request *Request
}

// TableRequests are a batch's requests of one table: RequestItems[table].
// A batch get sets the first four (KeysAndAttributes), a batch write
// Writes.
type TableRequests struct {
	Keys                     []map[string]Value
	ProjectionExpression     string
	ExpressionAttributeNames map[string]string
	ConsistentRead           *bool

	// Writes are the table's PutRequest and DeleteRequest members, in the
	// order written.
	Writes []Member
}

// JSON writes the request as canonical JSON: keys sorted at every level,
// indented by two spaces (or on one line when indent is false), no final
// newline, no HTML escaping, UTF-8 as is, binary values as r.CLI reads
// them. It is what `aws dynamodb <Command> --cli-input-json` takes; Command
// itself is not part of it.
func (r *Request) JSON(indent bool) []byte {
	w := jsonWriter{buf: make([]byte, 0, 512), indent: indent, cli: r.CLI}
	w.request(r)
	return w.buf
}

// request writes a request, or a group's member, as an object.
func (w *jsonWriter) request(r *Request) {
	w.beginObject()
	// The members in sorted order.
	w.stringField("ClientRequestToken", r.ClientRequestToken)
	w.stringField("ConditionExpression", r.ConditionExpression)
	w.boolField("ConsistentRead", r.ConsistentRead)
	w.itemField("ExclusiveStartKey", r.ExclusiveStartKey)
	w.namesField("ExpressionAttributeNames", r.ExpressionAttributeNames)
	if len(r.ExpressionAttributeValues) > 0 {
		w.key("ExpressionAttributeValues")
		w.item(r.ExpressionAttributeValues)
	}
	w.stringField("FilterExpression", r.FilterExpression)
	w.stringField("IndexName", r.IndexName)
	w.itemField("Item", r.Item)
	w.itemField("Key", r.Key)
	w.stringField("KeyConditionExpression", r.KeyConditionExpression)
	w.intField("Limit", r.Limit)
	w.parameters(r.Parameters)
	w.stringField("ProjectionExpression", r.ProjectionExpression)
	if r.RequestItems != nil {
		w.key("RequestItems")
		w.requestItems(r.RequestItems)
	}
	w.stringField("ReturnConsumedCapacity", r.ReturnConsumedCapacity)
	w.stringField("ReturnItemCollectionMetrics", r.ReturnItemCollectionMetrics)
	w.stringField("ReturnValues", r.ReturnValues)
	w.stringField("ReturnValuesOnConditionCheckFailure", r.ReturnValuesOnConditionCheckFailure)
	w.boolField("ScanIndexForward", r.ScanIndexForward)
	w.intField("Segment", r.Segment)
	w.stringField("Select", r.Select)
	w.stringField("Statement", r.Statement)
	w.partiqlMembers("Statements", r.Statements)
	w.stringField("TableName", r.TableName)
	w.intField("TotalSegments", r.TotalSegments)
	if r.TransactItems != nil {
		w.key("TransactItems")
		w.members(r.TransactItems)
	}
	w.partiqlMembers("TransactStatements", r.TransactStatements)
	w.stringField("UpdateExpression", r.UpdateExpression)
	w.endObject()
}

// members writes a list of members, each {"Op": {...}}.
func (w *jsonWriter) members(list []Member) {
	w.beginArray()
	for _, m := range list {
		w.elem()
		w.beginObject()
		w.key(m.Op)
		w.request(m.Request)
		w.endObject()
	}
	w.endArray()
}

// requestItems writes a batch's RequestItems: the tables sorted, each a
// KeysAndAttributes object (batch get) or a list of writes (batch write).
func (w *jsonWriter) requestItems(tables map[string]*TableRequests) {
	w.beginObject()
	for _, name := range sortedKeys(tables) {
		t := tables[name]
		w.key(name)
		if t.Writes != nil {
			w.members(t.Writes)
			continue
		}
		w.beginObject()
		w.boolField("ConsistentRead", t.ConsistentRead)
		w.namesField("ExpressionAttributeNames", t.ExpressionAttributeNames)
		w.key("Keys")
		w.beginArray()
		for _, k := range t.Keys {
			w.elem()
			w.item(k)
		}
		w.endArray()
		w.stringField("ProjectionExpression", t.ProjectionExpression)
		w.endObject()
	}
	w.endObject()
}

// jsonWriter writes JSON exactly as encoding/json's Marshal (compact) or
// MarshalIndent(v, "", "  ") would with HTML escaping off, without going
// through reflection.
type jsonWriter struct {
	buf    []byte
	indent bool
	cli    AWSCLI
	depth  int
	// first is true right after an opening bracket.
	first bool
}

func (w *jsonWriter) newline() {
	w.buf = append(w.buf, '\n')
	for i := 0; i < w.depth; i++ {
		w.buf = append(w.buf, ' ', ' ')
	}
}

func (w *jsonWriter) beginObject() { w.begin('{') }
func (w *jsonWriter) endObject()   { w.end('}') }
func (w *jsonWriter) beginArray()  { w.begin('[') }
func (w *jsonWriter) endArray()    { w.end(']') }

func (w *jsonWriter) begin(c byte) {
	w.buf = append(w.buf, c)
	w.depth++
	w.first = true
}

func (w *jsonWriter) end(c byte) {
	w.depth--
	if !w.first && w.indent {
		w.newline()
	}
	w.buf = append(w.buf, c)
	w.first = false
}

// elem starts an array element or an object member.
func (w *jsonWriter) elem() {
	if !w.first {
		w.buf = append(w.buf, ',')
	}
	w.first = false
	if w.indent {
		w.newline()
	}
}

func (w *jsonWriter) key(k string) {
	w.elem()
	w.buf = appendString(w.buf, k)
	w.buf = append(w.buf, ':')
	if w.indent {
		w.buf = append(w.buf, ' ')
	}
}

func (w *jsonWriter) stringField(k, v string) {
	if v != "" {
		w.key(k)
		w.buf = appendString(w.buf, v)
	}
}

func (w *jsonWriter) boolField(k string, v *bool) {
	if v != nil {
		w.key(k)
		w.buf = strconv.AppendBool(w.buf, *v)
	}
}

func (w *jsonWriter) intField(k string, v *int32) {
	if v != nil {
		w.key(k)
		w.buf = strconv.AppendInt(w.buf, int64(*v), 10)
	}
}

func (w *jsonWriter) itemField(k string, m map[string]Value) {
	if m != nil {
		w.key(k)
		w.item(m)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (w *jsonWriter) namesField(k string, m map[string]string) {
	if len(m) > 0 {
		w.key(k)
		w.names(m)
	}
}

func (w *jsonWriter) names(m map[string]string) {
	w.beginObject()
	for _, k := range sortedKeys(m) {
		w.key(k)
		w.buf = appendString(w.buf, m[k])
	}
	w.endObject()
}

// item writes a map of attribute values (an item, a key, a value map).
func (w *jsonWriter) item(m map[string]Value) {
	w.beginObject()
	for _, k := range sortedKeys(m) {
		w.key(k)
		w.value(m[k])
	}
	w.endObject()
}

// value writes one Value in DynamoDB JSON: {"S": "..."}; the zero Value
// as null.
func (w *jsonWriter) value(v Value) {
	if v.Kind == 0 || v.Kind > KindBS {
		w.buf = append(w.buf, "null"...)
		return
	}
	w.beginObject()
	w.key(v.Kind.String())
	switch v.Kind {
	case KindS, KindN:
		w.buf = appendString(w.buf, v.Text)
	case KindB:
		w.buf = appendString(w.buf, binaryText(v.Text, w.cli))
	case KindBOOL, KindNULL:
		w.buf = strconv.AppendBool(w.buf, v.Bool)
	case KindL:
		w.beginArray()
		for _, it := range v.List {
			w.elem()
			w.value(it)
		}
		w.endArray()
	case KindM:
		w.item(v.Map)
	case KindSS, KindNS, KindBS:
		w.strings(v.Set, v.Kind == KindBS)
	}
	w.endObject()
}

// strings writes a set's elements; binary ones as w.cli reads them.
func (w *jsonWriter) strings(list []string, binary bool) {
	w.beginArray()
	for _, s := range list {
		w.elem()
		if binary {
			s = binaryText(s, w.cli)
		}
		w.buf = appendString(w.buf, s)
	}
	w.endArray()
}

const hexDigits = "0123456789abcdef"

// shortEscapes are the characters encoding/json writes as a backslash and
// one letter (or themselves); an array, so nothing is built at start-up.
var shortEscapes = [128]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping off: ", \ and control characters escaped, invalid UTF-8 as
// \ufffd, U+2028 and U+2029 escaped, everything else as is.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			if e := shortEscapes[c]; e != 0 {
				dst = append(dst, '\\', e)
			} else {
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
