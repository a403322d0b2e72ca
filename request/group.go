package request

import (
	"fmt"
	"strconv"
)

// The four commands whose request holds other requests: a transaction's
// TransactItems, a batch's RequestItems by table. Each member request is
// read as a Request of its own (a Part), whose Obj is the member's object
// in the file, so that the converter and the request rules read it as they
// read a request alone, with its places in the file.

// conditionCheck is the operation of a transaction's ConditionCheck.
const conditionCheck = "condition-check"

// IsGroup reports whether command is one of GroupCommands.
func IsGroup(command string) bool { return contains(GroupCommands, command) }

// partCommands is the operation of each member request's object.
var partCommands = map[string]string{
	"Put": "put-item", "Update": "update-item", "Delete": "delete-item", "ConditionCheck": conditionCheck,
	"Get": "get-item", "KeysAndAttributes": "get-item", "PutRequest": "put-item", "DeleteRequest": "delete-item",
}

// Entry returns the object each entry of a group's list is (TransactWriteItem,
// TransactGetItem, WriteRequest), whose one member is the member request;
// "" for batch-get-item, whose RequestItems hold KeysAndAttributes directly.
func Entry(command string) string {
	switch command {
	case "transact-write-items":
		return "TransactWriteItem"
	case "transact-get-items":
		return "TransactGetItem"
	case "batch-write-item":
		return "WriteRequest"
	}
	return ""
}

// Shape is the name of the members r takes in the one table of members
// (members.go): its Part for a member of a group, else its command.
func (r *Request) Shape() string {
	if r.Part != "" {
		return r.Part
	}
	return r.Command
}

// Where is how messages name the request: its command, or for a member its
// path in the group ("TransactItems[2].Update").
func (r *Request) Where() string {
	if r.Path != "" {
		return r.Path
	}
	return r.Command
}

// ParamPath is how the AWS CLI's messages name the member called name of
// r: the name, or for a member of a group its path
// (TransactItems[2].Update.ConditionExpression).
func (r *Request) ParamPath(name string) string {
	if r.Path != "" {
		return r.Path + "." + name
	}
	return name
}

// Parts returns a group's member requests in file order: one for each
// well-formed entry of TransactItems (an object with one of Put, Update,
// Delete, ConditionCheck or Get), one for each table of a batch get (its
// KeysAndAttributes), one for each PutRequest or DeleteRequest of a batch
// write. What is not well formed is left out (the request rules report it;
// the converter refuses it); nil for a request that is not a group.
func (r *Request) Parts() []*Request {
	if r.read || !IsGroup(r.Command) {
		return r.parts
	}
	r.read = true
	part := func(obj *Value, name, path string, table *Value) {
		if obj.Kind != Object {
			return
		}
		p := &Request{File: r.File, Obj: obj, Command: partCommands[name], Group: r, Part: name, Path: path, Table: table, Name: r.Name}
		r.parts = append(r.parts, p)
	}
	// one reads an entry of a list: an object with exactly one member of
	// the shape's.
	one := func(e *Value, shape, at string, table *Value) {
		if e.Kind != Object || len(e.Members) != 1 || !contains(Members(shape), e.Members[0].Name) {
			return
		}
		m := e.Members[0]
		part(m.Value, m.Name, at+"."+m.Name, table)
	}
	items := r.Obj.Get("TransactItems")
	if r.Command == "transact-write-items" || r.Command == "transact-get-items" {
		if items != nil && items.Kind == Array {
			for i, e := range items.Elems {
				one(e, Entry(r.Command), fmt.Sprintf("TransactItems[%d]", i), nil)
			}
		}
		return r.parts
	}
	tables := r.Obj.Get("RequestItems")
	if tables == nil || tables.Kind != Object {
		return nil
	}
	for _, t := range tables.Members {
		name := tableKey(t)
		if r.Command == "batch-get-item" {
			part(t.Value, "KeysAndAttributes", "RequestItems."+t.Name, name)
			continue
		}
		if t.Value.Kind == Array {
			for i, e := range t.Value.Elems {
				one(e, "WriteRequest", fmt.Sprintf("RequestItems.%s[%d]", t.Name, i), name)
			}
		}
	}
	return r.parts
}

// tableKey is a table's name in RequestItems as a string value standing
// where the name does.
func tableKey(t Member) *Value {
	return &Value{Kind: String, Start: t.NamePos, End: t.NamePos + len(strconv.Quote(t.Name)), Text: t.Name}
}

// guessGroup tells a group's command from its members: TransactItems of Get
// members is a transact-get-items, else a transact-write-items;
// RequestItems whose tables hold lists (of PutRequest and DeleteRequest) is
// a batch-write-item, else a batch-get-item. "" for a request that is no
// group.
func guessGroup(obj *Value) string {
	if items := obj.Get("TransactItems"); items != nil {
		if items.Kind == Array && obj.Get("ClientRequestToken") == nil && obj.Get("ReturnItemCollectionMetrics") == nil {
			for _, e := range items.Elems {
				if e.Get("Get") != nil {
					return "transact-get-items"
				}
				if e.Kind == Object && len(e.Members) > 0 {
					break
				}
			}
		}
		return "transact-write-items"
	}
	if tables := obj.Get("RequestItems"); tables != nil {
		if tables.Kind == Object && len(tables.Members) > 0 && tables.Members[0].Value.Kind == Array || obj.Get("ReturnItemCollectionMetrics") != nil {
			return "batch-write-item"
		}
		return "batch-get-item"
	}
	return ""
}
