package schema

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/diag"
	"gopkg.in/yaml.v3"
)

// The time-to-live attribute of a table comes from project YAML (ttl:), a
// CloudFormation TimeToLiveSpecification, or the output of `aws dynamodb
// describe-time-to-live`. That output names no table, so it is read as a
// TTL for a table another file of the same load defines: the one its
// TableName member names (a user adds it), or else the one its file is
// named after (Tickets.ttl.json is for Tickets).

// ttlEntry is what a describe-time-to-live file says of one table.
type ttlEntry struct {
	table    string
	attr     string // "" when TTL is disabled
	fromFile bool   // the table is named by the file's name, not TableName
	pos      diag.Pos
}

// cfnTTL reads a CloudFormation TimeToLiveSpecification {AttributeName,
// Enabled} into d; a disabled one leaves the table without TTL, as
// DynamoDB does.
func (p *parser) cfnTTL(props *fields, d *tableDecl) {
	if props == nil {
		return
	}
	_, v := props.get("TimeToLiveSpecification")
	if isNull(v) {
		return
	}
	what := fmt.Sprintf("the TimeToLiveSpecification of table %q", d.name.text)
	f := p.mapping(v, what)
	if f == nil || !f.only("AttributeName", "Enabled") {
		return
	}
	ev := f.require("Enabled", "write Enabled: true (or false)")
	if ev == nil {
		return
	}
	enabled, ok := p.boolean(ev, "Enabled")
	if !ok || !enabled {
		return
	}
	_, av := f.get("AttributeName")
	if av == nil {
		p.errorf(f.node, "%s is enabled but has no %q: name the attribute that holds the expiry time, e.g. AttributeName: expiresAt", what, "AttributeName")
		return
	}
	if s, ok := p.text(av, "AttributeName"); ok {
		d.ttl = name{s, av}
	}
}

// boolean reads true or false, as YAML or JSON writes it or as text.
func (p *parser) boolean(n *yaml.Node, what string) (bool, bool) {
	n = resolve(n)
	if f := intrinsic(n); f != "" {
		p.errorf(n, "write %s as true or false: dynexpr does not evaluate %s", what, f)
		return false, false
	}
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	p.errorf(n, "expected true or false for %s, found %s", what, kindName(n))
	return false, false
}

// describeTTL reads `aws dynamodb describe-time-to-live` output:
// {"TimeToLiveDescription": {"AttributeName": A, "TimeToLiveStatus": S}},
// with an optional TableName beside it.
func (p *parser) describeTTL(root *yaml.Node) []ttlEntry {
	top := p.mapping(root, "the describe-time-to-live output")
	if top == nil || !top.only("TimeToLiveDescription", "TableName") {
		return nil
	}
	dk, dv := top.get("TimeToLiveDescription")
	e := ttlEntry{pos: p.src.pos(dk)}
	if _, tv := top.get("TableName"); tv != nil {
		s, ok := p.text(tv, "TableName")
		if !ok {
			return nil
		}
		e.table = s
	} else {
		e.table, _, _ = strings.Cut(filepath.Base(p.src.file), ".")
		e.fromFile = true
	}
	desc := p.mapping(dv, `"TimeToLiveDescription"`)
	if desc == nil || !desc.only("AttributeName", "TimeToLiveStatus") {
		return nil
	}
	// field is the text of a member that must be there, or false after
	// reporting why there is none.
	field := func(member, hint string) (string, *yaml.Node, bool) {
		if v := desc.require(member, hint); v != nil {
			s, ok := p.text(v, member)
			return s, v, ok
		}
		return "", nil, false
	}
	status, sv, ok := field("TimeToLiveStatus", "write ENABLED or DISABLED")
	if !ok {
		return nil
	}
	switch status {
	case "DISABLED", "DISABLING":
		return []ttlEntry{e}
	case "ENABLED", "ENABLING":
	default:
		p.errorf(sv, "unknown TimeToLiveStatus %q: write ENABLED, ENABLING, DISABLING or DISABLED", status)
		return nil
	}
	var av *yaml.Node
	if e.attr, av, ok = field("AttributeName", "name the attribute that holds the expiry time"); !ok {
		return nil
	}
	if e.attr == "" {
		p.errorf(av, "the AttributeName of TimeToLiveDescription is empty: write the attribute that holds the expiry time")
		return nil
	}
	return []ttlEntry{e}
}

// setTTL makes attr the table's TTL attribute, which holds a number:
// DynamoDB's time to live reads nothing else, so the attribute is declared
// N where the source declares no type (a parameter bound to it is then a
// number), and a source that declares another type is contradicting
// itself: the problem is returned.
func (t *Table) setTTL(attr string) string {
	switch have := t.Attributes[attr]; have {
	case "":
		if t.Attributes == nil {
			t.Attributes = map[string]Type{}
		}
		t.Attributes[attr] = Number
	case Number:
	default:
		return fmt.Sprintf("%q is the time-to-live attribute of table %q, and its declared type is %s: DynamoDB's time to live reads only numbers (epoch seconds); declare it N", attr, t.Name, have)
	}
	t.TTL = attr
	return ""
}

// joinTTLs gives each entry's TTL to the table it is for, or says why it
// cannot.
func (s *Schema) joinTTLs(entries []ttlEntry) diag.List {
	var errs diag.List
	for _, e := range entries {
		l := s.Lookup(e.table)
		t := l.Table
		if l.ByTemplate { // a table's name must be known to be given its TTL, not guessed
			t = nil
		}
		switch {
		case t == nil:
			how := "its TableName"
			if e.fromFile {
				how = `the file's name up to its first "."`
			}
			errs = append(errs, diag.Errorf(e.pos, "this describe-time-to-live output is for table %q (%s), which no other schema file defines: "+
				`name the file after its table (TABLE.ttl.json), add "TableName": "TABLE" beside TimeToLiveDescription, or write ttl: ATTRIBUTE under the table in project YAML`, e.table, how))
		case t.TTL != "" && t.TTL != e.attr:
			says := fmt.Sprintf("says %q", e.attr)
			if e.attr == "" {
				says = "says time to live is disabled"
			}
			errs = append(errs, diag.Errorf(e.pos, "table %q has time-to-live attribute %q at %s, and this describe-time-to-live output %s: keep one", t.Name, t.TTL, t.Pos, says))
		case e.attr == "":
			t.TTLUnknown = false // disabled: known to be none
		default:
			t.TTLUnknown = false
			if msg := t.setTTL(e.attr); msg != "" {
				errs = append(errs, diag.Errorf(e.pos, "%s", msg))
			}
		}
	}
	return errs
}
