package request

import "encoding/base64"

// attributeMaps are the members whose values are maps of DynamoDB values,
// where B and BS stand.
var attributeMaps = [...]string{"ExclusiveStartKey", "ExpressionAttributeValues", "Item", "Key"}

// FromCLIv1 reads the file as written for AWS CLI v1, which takes the
// string of a B or BS value as text and sends its UTF-8 bytes (v2 and
// DynamoDB take base64): every such string becomes the base64 of those
// bytes, so that what reads the file after sees what DynamoDB is sent. (A
// \u escape of half a surrogate pair, which v1 could not encode as UTF-8,
// never gets here: Parse refuses it.)
func (f *File) FromCLIv1() {
	for _, top := range f.Requests {
		top.FromCLIv1()
	}
}

// FromCLIv1 is File.FromCLIv1 for the one request top (of ParseEach).
func (top *Request) FromCLIv1() {
	// A group's values are in its members (and a batch get's Keys).
	for _, r := range append([]*Request{top}, top.Parts()...) {
		r.converted = nil // made from the values as they were
		for _, name := range attributeMaps {
			if m := r.Obj.Get(name); m != nil && m.Kind == Object {
				for _, e := range m.Members {
					binaryText(e.Value)
				}
			}
		}
		if keys := r.Obj.Get("Keys"); keys != nil && keys.Kind == Array && r.Group != nil {
			for _, k := range keys.Elems {
				for _, e := range k.Members {
					binaryText(e.Value)
				}
			}
		}
	}
}

// binaryText rewrites the binary strings of one DynamoDB value, looking
// into L and M.
func binaryText(v *Value) {
	if v == nil || v.Kind != Object || len(v.Members) != 1 {
		return // not a DynamoDB value: the rules say so
	}
	x := v.Members[0].Value
	switch v.Members[0].Name {
	case "B":
		encodeText(x)
	case "BS", "L":
		if x.Kind != Array {
			return
		}
		for _, e := range x.Elems {
			if v.Members[0].Name == "L" {
				binaryText(e)
			} else {
				encodeText(e)
			}
		}
	case "M":
		if x.Kind == Object {
			for _, e := range x.Members {
				binaryText(e.Value)
			}
		}
	}
}

func encodeText(x *Value) {
	if x.Kind == String {
		x.Text = base64.StdEncoding.EncodeToString([]byte(x.Text))
	}
}
