package request

import (
	"encoding/base64"
	"strconv"

	"github.com/dynexpr/dynexpr/diag"
)

// attributeMaps are the members whose values are maps of DynamoDB values,
// where B and BS stand.
var attributeMaps = [...]string{"ExclusiveStartKey", "ExpressionAttributeValues", "Item", "Key"}

// FromCLIv1 reads the file as written for AWS CLI v1, which takes the
// string of a B or BS value as text and sends its UTF-8 bytes (v2 and
// DynamoDB take base64): every such string becomes the base64 of those
// bytes, so that what reads the file after sees what DynamoDB is sent. A
// \u escape of half a surrogate pair is an error at the value: v1 cannot
// encode it as UTF-8 and refuses the file.
func (f *File) FromCLIv1() error {
	var errs diag.List
	for _, top := range f.Requests {
		errs = top.fromCLIv1(errs)
	}
	return errs.Err()
}

// FromCLIv1 is File.FromCLIv1 for the one request top (of ParseEach).
func (top *Request) FromCLIv1() error { return top.fromCLIv1(nil).Err() }

func (top *Request) fromCLIv1(errs diag.List) diag.List {
	f := top.File
	// A group's values are in its members (and a batch get's Keys).
	for _, r := range append([]*Request{top}, top.Parts()...) {
		for _, name := range attributeMaps {
			if m := r.Obj.Get(name); m != nil && m.Kind == Object {
				for _, e := range m.Members {
					errs = f.binaryText(e.Value, errs)
				}
			}
		}
		if keys := r.Obj.Get("Keys"); keys != nil && keys.Kind == Array && r.Group != nil {
			for _, k := range keys.Elems {
				for _, e := range k.Members {
					errs = f.binaryText(e.Value, errs)
				}
			}
		}
	}
	return errs
}

// binaryText rewrites the binary strings of one DynamoDB value, looking
// into L and M.
func (f *File) binaryText(v *Value, errs diag.List) diag.List {
	if v == nil || v.Kind != Object || len(v.Members) != 1 {
		return errs // not a DynamoDB value: the rules say so
	}
	x := v.Members[0].Value
	switch v.Members[0].Name {
	case "B":
		errs = f.encodeText(x, errs)
	case "BS", "L":
		if x.Kind != Array {
			return errs
		}
		for _, e := range x.Elems {
			if v.Members[0].Name == "L" {
				errs = f.binaryText(e, errs)
			} else {
				errs = f.encodeText(e, errs)
			}
		}
	case "M":
		if x.Kind == Object {
			for _, e := range x.Members {
				errs = f.binaryText(e.Value, errs)
			}
		}
	}
	return errs
}

func (f *File) encodeText(x *Value, errs diag.List) diag.List {
	if x.Kind != String {
		return errs
	}
	if at := loneSurrogate(f.Src[x.Start:x.End]); at >= 0 {
		return append(errs, diag.Errorf(f.Pos(x.Start+at),
			"this \\u escape is half of a UTF-16 surrogate pair, which is no character: AWS CLI v1 cannot encode it as UTF-8 and refuses the file; write the bytes in base64 for AWS CLI v2 (--aws-cli v2)"))
	}
	x.Text = base64.StdEncoding.EncodeToString([]byte(x.Text))
	return errs
}

// loneSurrogate finds, in the source of a JSON string, a \u escape of a
// surrogate that is not part of a high-low pair: the offset of its
// backslash, or -1. (The JSON decoder turns one into U+FFFD; Python's,
// which v1 uses, keeps it, then fails to encode it.)
func loneSurrogate(raw []byte) int {
	pending := -1 // offset of a high surrogate waiting for its low half
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			if pending >= 0 {
				return pending
			}
			continue
		}
		if i+1 < len(raw) && raw[i+1] != 'u' || i+6 > len(raw) {
			if pending >= 0 {
				return pending
			}
			i++
			continue
		}
		n, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
		switch {
		case err != nil:
		case n >= 0xDC00 && n <= 0xDFFF:
			if pending < 0 {
				return i
			}
			pending = -1
		case pending >= 0:
			return pending
		case n >= 0xD800 && n <= 0xDBFF:
			pending = i
		}
		i += 5
	}
	return pending
}
