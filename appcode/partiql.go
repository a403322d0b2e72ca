package appcode

// PartiQL in code: a site with a Statement member (boto3's
// execute_statement, the SDKs' ExecuteStatement input or command) sends
// that statement with its Parameters. lint parses the statement and runs
// the PartiQL rules on it; this file reads what the code shows of the
// Parameters, and nothing it computes.

// Param is one element of a site's Parameters: its DynamoDB type and, for
// S, N and B, its text. Type is "" where the code computes the value (or
// writes it in a shape the client does not take): its count is known, not
// its type.
type Param struct {
	Pos  int // byte offset of the element in the code file
	Type string
	Text string
}

// Params reads the Parameters of a PartiQL site. given says the code shows
// how many there are: a literal list, or no Parameters member at all on a
// site that shows every member it gets (Whole). A computed list, a spread,
// or a site whose other members are out of sight is not given: nothing is
// then known of its count. at is where Parameters stands, or the site.
func Params(site *Site) (params []Param, at int, given bool) {
	for _, m := range site.Members {
		if m.Name != "Parameters" {
			continue
		}
		if m.Value.Kind != List {
			return nil, m.NamePos, false
		}
		for _, e := range m.Value.Elems {
			params = append(params, param(site.Style, e))
		}
		return params, m.NamePos, true
	}
	return nil, site.Pos, site.Whole && !site.Partial
}

// param reads one element of Parameters as the conversion writes an
// attribute value.
func param(style ValueStyle, v Value) Param {
	p := Param{Pos: v.Start}
	t, inner, _ := attrValueType(style, v)
	switch t {
	case "", "plain":
		return p
	case "S", "N", "B":
		if inner.Kind != String && inner.Kind != Number {
			return p // {"S": 12}: not what the client takes
		}
		p.Text = inner.Text
	}
	p.Type = t
	return p
}

// StatementOf is the Statement member of a PartiQL site, and whether the
// site has one.
func StatementOf(site *Site) (Member, bool) {
	for _, m := range site.Members {
		if m.Name == "Statement" {
			return m, true
		}
	}
	return Member{}, false
}
