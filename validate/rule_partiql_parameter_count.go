package validate

const msgParameterCount = "Number of parameters in request and statement don't match."

var partiqlParameterCount = &Rule{
	Name:     "partiql-parameter-count",
	Severity: Error,
	Title:    "Parameters holds more or fewer values than the statement has ?",
	Why: `Each ? of a statement takes the next element of the request's Parameters, in
order; DynamoDB refuses a request whose Parameters has more or fewer elements
than the statement has ?s, and one with ?s but no Parameters at all. A '?' in
quotes is the text "?", not a parameter (partiql-quoted-parameter).`,
	DynamoMessages: []string{msgParameterCount},
	Bad:            `{"Statement": "SELECT * FROM \"Tickets\" WHERE id = ?", "Parameters": [{"S": "a91f"}, {"S": "b7"}]}`,
	Good:           `{"Statement": "SELECT * FROM \"Tickets\" WHERE id = ?", "Parameters": [{"S": "a91f"}]}`,
	AppliesTo:      "PartiQL request JSON (Statement and Parameters)",
	checkPartiQL: func(p *partiqlPass) {
		s := p.M
		if !s.HasParams {
			return // bound when it is built
		}
		want, got := len(s.Stmt.Params), len(s.Params)
		if want == got {
			return
		}
		at := s.ParamsPos
		if got > want {
			at = s.Params[want].Pos
		}
		p.Reportf(at, "the statement has %d ? and Parameters %d values; DynamoDB answers %q. Give one value a ?, in order",
			want, got, msgParameterCount)
	},
}
