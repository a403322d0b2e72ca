package builder

import (
	"encoding/base64"
	"fmt"
	"unicode/utf8"

	"github.com/dynexpr/dynexpr/grammar"
)

// AWSCLI is the AWS CLI a request is written for. The two read the binary
// values of --cli-input-json differently: v2 takes a B or BS string as
// base64 and sends the bytes it decodes to; v1 takes it as text and sends
// that text's UTF-8 bytes (base64-encoding them itself). Everything else
// they read alike.
type AWSCLI uint8

// The CLIs; the zero AWSCLI is v2, the default.
const (
	CLIv2 AWSCLI = iota
	CLIv1
)

func (c AWSCLI) String() string {
	if c == CLIv1 {
		return "v1"
	}
	return "v2"
}

// ParseAWSCLI reads the name of an AWS CLI version: v1 or v2.
func ParseAWSCLI(s string) (AWSCLI, error) {
	switch s {
	case "v1":
		return CLIv1, nil
	case "v2":
		return CLIv2, nil
	}
	return CLIv2, fmt.Errorf("%q is not an AWS CLI version: write v1 or v2", s)
}

// checkCLIText refuses, for v1, a binary value whose bytes are not UTF-8:
// v1 can only send the UTF-8 of the JSON text it reads, and JSON text
// cannot hold other bytes.
func (b *builder) checkCLIText(v *grammar.Value) {
	if b.cli != CLIv1 {
		return
	}
	raw, err := base64.StdEncoding.DecodeString(v.Text)
	if err != nil || utf8.Valid(raw) {
		return // checkBase64 reports the first
	}
	at := 0
	for at < len(raw) {
		r, size := utf8.DecodeRune(raw[at:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		at += size
	}
	b.fail(v.Pos, "b%q is bytes that are not UTF-8 text (byte %d is 0x%02x): AWS CLI v1 cannot send them, "+
		"since it reads --cli-input-json as text and sends a binary value as the UTF-8 of that text; "+
		"send this request with AWS CLI v2 (--aws-cli v2)", v.Text, at, raw[at])
}

// binaryText is what a binary value's string holds in the request: the
// base64 text for v2, the bytes themselves for v1 (checkCLIText made sure
// they are UTF-8).
func binaryText(s string, cli AWSCLI) string {
	if cli != CLIv1 {
		return s
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return s
	}
	return string(raw)
}

// HasBinary reports whether the request holds a B or BS value anywhere:
// what AWS CLI v2's cli_binary_format setting changes the meaning of.
func (r *Request) HasBinary() bool {
	for _, m := range []map[string]Value{r.Key, r.Item, r.ExclusiveStartKey, r.ExpressionAttributeValues} {
		if itemHasBinary(m) {
			return true
		}
	}
	for _, m := range r.TransactItems {
		if m.Request.HasBinary() {
			return true
		}
	}
	for _, list := range [][]PartiQLMember{{{Parameters: r.Parameters}}, r.Statements, r.TransactStatements} {
		for _, m := range list {
			for _, v := range m.Parameters {
				if v.hasBinary() {
					return true
				}
			}
		}
	}
	for _, t := range r.RequestItems {
		for _, k := range t.Keys {
			if itemHasBinary(k) {
				return true
			}
		}
		for _, w := range t.Writes {
			if w.Request.HasBinary() {
				return true
			}
		}
	}
	return false
}

func itemHasBinary(m map[string]Value) bool {
	for _, v := range m {
		if v.hasBinary() {
			return true
		}
	}
	return false
}

func (v Value) hasBinary() bool {
	switch v.Kind {
	case KindB, KindBS:
		return true
	case KindL:
		for _, it := range v.List {
			if it.hasBinary() {
				return true
			}
		}
	case KindM:
		return itemHasBinary(v.Map)
	}
	return false
}
