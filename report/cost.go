package report

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/dynexpr/dynexpr/capacity"
	"github.com/dynexpr/dynexpr/grammar"
	"github.com/dynexpr/dynexpr/pricing"
	"github.com/dynexpr/dynexpr/schema"
)

// Cost is what the requests given a rate consume in a month, per table
// and per global secondary index (which has capacity of its own; a local
// index's reads and writes are its table's), and what that costs.
type Cost struct {
	Prices *pricing.Table
	// Rates are the requests per second of each label, as given.
	Rates map[string]*big.Rat
	Rows  []*CostRow
	// Unrated are the labelled requests given no rate, and Unmatched the
	// labels given a rate that no request has.
	Unmatched []string
	Notes     []string
}

// CostRow is one table's or one global index's units in a month.
type CostRow struct {
	Table, Index string
	// Read and Write are capacity units in a month: the least and the
	// most, from the per-request ranges.
	Read, Write [2]*big.Rat
}

type costing struct {
	c     *Cost
	hints capacity.Hints
	used  map[string]bool
}

// SetCost has the builder count, for each request whose label has a rate
// (requests per second), its units in a month by prices p.
func (b *Builder) SetCost(p *pricing.Table, rates map[string]*big.Rat, h capacity.Hints) {
	b.cost = &costing{c: &Cost{Prices: p, Rates: rates}, hints: h, used: map[string]bool{}}
	b.r.Cost = b.cost.c
}

func (k *costing) row(table, index string) *CostRow {
	for _, r := range k.c.Rows {
		if r.Table == table && r.Index == index {
			return r
		}
	}
	r := &CostRow{Table: table, Index: index}
	for i := range 2 {
		r.Read[i], r.Write[i] = new(big.Rat), new(big.Rat)
	}
	k.c.Rows = append(k.c.Rows, r)
	return r
}

// monthly adds units per request, at rate requests a second for the month,
// to sum.
func (k *costing) monthly(sum *[2]*big.Rat, u capacity.Units, rate *big.Rat) {
	secs := big.NewRat(k.c.Prices.SecondsPerMonth(), 1)
	for i, h := range []capacity.Half{u.Min, u.Max} {
		v := new(big.Rat).Mul(big.NewRat(int64(h), 2), rate)
		sum[i].Add(sum[i], v.Mul(v, secs))
	}
}

func (k *costing) add(sch *schema.Schema, tb *Table, req Request, st *grammar.Statement, group grammar.Kind) {
	rate := k.c.Rates[req.Label]
	if req.Label == "" || rate == nil {
		return
	}
	k.used[req.Label] = true
	one := st
	if group != 0 {
		one = &grammar.Statement{Kind: group, Members: []*grammar.Statement{st}}
	}
	c := capacity.Of(one, sch, k.hints)
	for _, n := range c.Notes {
		if !slices.Contains(k.c.Notes, n) {
			k.c.Notes = append(k.c.Notes, n)
		}
	}
	readRow := k.row(tb.Table, "")
	if st.Index != nil && tb.Schema != nil {
		if ix := tb.Schema.Index(st.Index.Name); ix != nil && ix.Global {
			readRow = k.row(tb.Table, ix.Name)
		}
	}
	k.monthly(&readRow.Read, c.Read, rate)
	k.monthly(&k.row(tb.Table, "").Write, c.Write, rate)
	for _, ic := range c.Indexes {
		r := k.row(tb.Table, "")
		if ic.Global {
			r = k.row(tb.Table, ic.Index)
		}
		k.monthly(&r.Write, ic.Units, rate)
	}
}

// finish lists the rates no request used.
func (k *costing) finish() {
	for l := range k.c.Rates {
		if !k.used[l] {
			k.c.Unmatched = append(k.c.Unmatched, l)
		}
	}
	slices.Sort(k.c.Unmatched)
}

// perSecond is units in a month as whole capacity units a second, at an
// even rate, rounded up.
func (c *Cost) perSecond(month *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(month, big.NewRat(c.Prices.SecondsPerMonth(), 1))
	n := new(big.Int).Quo(new(big.Int).Add(q.Num(), new(big.Int).Sub(q.Denom(), big.NewInt(1))), q.Denom())
	return new(big.Rat).SetInt(n)
}

// Figures are one row's money: on demand and provisioned, each class,
// least and most.
type Figures struct {
	OnDemand, Provisioned [2][2]*big.Rat // [class][least, most]
	RCU, WCU              [2]*big.Rat    // provisioned units a second, least and most
}

// Figures prices row r.
func (c *Cost) Figures(r *CostRow) Figures {
	var f Figures
	for i := range 2 {
		f.RCU[i], f.WCU[i] = c.perSecond(r.Read[i]), c.perSecond(r.Write[i])
		for _, cl := range []pricing.Class{pricing.Standard, pricing.StandardIA} {
			f.OnDemand[cl][i] = c.Prices.OnDemand(cl, r.Read[i], r.Write[i])
			f.Provisioned[cl][i] = c.Prices.Provisioned(cl, f.RCU[i], f.WCU[i])
		}
	}
	return f
}

func span(v [2]*big.Rat, f func(*big.Rat) string) string {
	if v[0].Cmp(v[1]) == 0 {
		return f(v[0])
	}
	return f(v[0]) + " to " + f(v[1])
}

func units(r *big.Rat) string { return pricing.Decimal(r, 1) }

// text writes the cost section.
func (c *Cost) text(b *strings.Builder) {
	p := c.Prices
	fmt.Fprintf(b, "\nCost in %s, prices of %s from %s; a month is %d hours; free tier: %s.\n", p.Region, p.Date, p.Source, p.HoursPerMonth, p.FreeTier)
	var labels []string
	for l := range c.Rates {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	var rates []string
	for _, l := range labels {
		rates = append(rates, l+" "+pricing.Decimal(c.Rates[l], 6)+"/s")
	}
	fmt.Fprintf(b, "Rates (requests a second): %s.\n", strings.Join(rates, ", "))
	for _, r := range c.Rows {
		name := "Table " + r.Table
		if r.Index != "" {
			name = "Index " + r.Index + " of " + r.Table
		}
		f := c.Figures(r)
		fmt.Fprintf(b, "  %s: %s read units and %s write units a month\n", name, span(r.Read, units), span(r.Write, units))
		fmt.Fprintf(b, "    on demand: %s Standard, %s Standard-IA\n", span(f.OnDemand[pricing.Standard], pricing.Dollars), span(f.OnDemand[pricing.StandardIA], pricing.Dollars))
		fmt.Fprintf(b, "    provisioned (%s RCU, %s WCU at an even rate): %s Standard, %s Standard-IA\n", span(f.RCU, units), span(f.WCU, units),
			span(f.Provisioned[pricing.Standard], pricing.Dollars), span(f.Provisioned[pricing.StandardIA], pricing.Dollars))
	}
	for _, l := range c.Unmatched {
		fmt.Fprintf(b, "  (No request is labelled %s: its rate counts nothing.)\n", l)
	}
	for _, n := range c.Notes {
		fmt.Fprintf(b, "  Range: %s.\n", n)
	}
}

// The JSON of the cost; its fields are part of the output format.
type jsonCost struct {
	Region        string            `json:"region"`
	Date          string            `json:"date"`
	Source        string            `json:"source"`
	HoursPerMonth int64             `json:"hours_per_month"`
	FreeTier      string            `json:"free_tier"`
	Rates         map[string]number `json:"rates"`
	Rows          []jsonCostRow     `json:"rows"`
	Unmatched     []string          `json:"unmatched_rates"`
	Ranges        []string          `json:"ranges"`
}

type jsonCostRow struct {
	Table       string             `json:"table"`
	Index       string             `json:"index,omitempty"`
	Read        rangeOf            `json:"read_units_per_month"`
	Write       rangeOf            `json:"write_units_per_month"`
	OnDemand    map[string]rangeOf `json:"on_demand_usd"`
	RCU         rangeOf            `json:"provisioned_rcu"`
	WCU         rangeOf            `json:"provisioned_wcu"`
	Provisioned map[string]rangeOf `json:"provisioned_usd"`
}

// number is an exact decimal written as a JSON number.
type number string

func (n number) MarshalJSON() ([]byte, error) { return []byte(n), nil }

// rangeOf is a figure, or {"min": x, "max": y}.
type rangeOf [2]number

func (r rangeOf) MarshalJSON() ([]byte, error) {
	if r[0] == r[1] {
		return []byte(r[0]), nil
	}
	return []byte(`{"min":` + string(r[0]) + `,"max":` + string(r[1]) + `}`), nil
}

func ranged(v [2]*big.Rat, digits int) rangeOf {
	return rangeOf{number(pricing.Decimal(v[0], digits)), number(pricing.Decimal(v[1], digits))}
}

func (c *Cost) json() *jsonCost {
	p := c.Prices
	j := &jsonCost{Region: p.Region, Date: p.Date, Source: p.Source, HoursPerMonth: p.HoursPerMonth, FreeTier: p.FreeTier,
		Rates: map[string]number{}, Rows: []jsonCostRow{}, Unmatched: append([]string{}, c.Unmatched...), Ranges: append([]string{}, c.Notes...)}
	for l, r := range c.Rates {
		j.Rates[l] = number(pricing.Decimal(r, 6))
	}
	for _, r := range c.Rows {
		f := c.Figures(r)
		j.Rows = append(j.Rows, jsonCostRow{Table: r.Table, Index: r.Index, Read: ranged(r.Read, 1), Write: ranged(r.Write, 1),
			RCU: ranged(f.RCU, 0), WCU: ranged(f.WCU, 0),
			OnDemand:    map[string]rangeOf{"standard": ranged(f.OnDemand[pricing.Standard], 2), "standard_ia": ranged(f.OnDemand[pricing.StandardIA], 2)},
			Provisioned: map[string]rangeOf{"standard": ranged(f.Provisioned[pricing.Standard], 2), "standard_ia": ranged(f.Provisioned[pricing.StandardIA], 2)}})
	}
	return j
}

// markdown writes the cost section as a table.
func (c *Cost) markdown(b *strings.Builder) {
	p := c.Prices
	fmt.Fprintf(b, "\n### Cost\n\n%s, prices of %s from %s; a month is %d hours; free tier: %s.\n\n", p.Region, p.Date, p.Source, p.HoursPerMonth, p.FreeTier)
	b.WriteString("| Table or index | Read units a month | Write units a month | On demand Standard | On demand Standard-IA | Provisioned Standard | Provisioned Standard-IA |\n|---|---|---|---|---|---|---|\n")
	for _, r := range c.Rows {
		name := "`" + md(r.Table) + "`"
		if r.Index != "" {
			name += " index `" + md(r.Index) + "`"
		}
		f := c.Figures(r)
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s |\n", name, span(r.Read, units), span(r.Write, units),
			span(f.OnDemand[pricing.Standard], pricing.Dollars), span(f.OnDemand[pricing.StandardIA], pricing.Dollars),
			span(f.Provisioned[pricing.Standard], pricing.Dollars), span(f.Provisioned[pricing.StandardIA], pricing.Dollars))
	}
}
