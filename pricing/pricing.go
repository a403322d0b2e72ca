// Package pricing holds DynamoDB's published prices, dated, and turns
// capacity units per month into dollars, exactly: prices and amounts are
// rationals (math/big), never float64, and are rounded to the cent only
// when written.
package pricing

import (
	"fmt"
	"math/big"
	"strings"
)

// Class is a table class ("Table classes", Developer Guide): each has
// its own prices.
type Class int

const (
	Standard Class = iota
	StandardIA
)

func (c Class) String() string { return [...]string{"Standard", "Standard-IA"}[c] }

// Prices are one table class's prices in one region, in dollars.
type Prices struct {
	// ReadRequestUnit and WriteRequestUnit are on-demand prices of one
	// request unit (the pages state them per million).
	ReadRequestUnit, WriteRequestUnit *big.Rat
	// RCUHour and WCUHour are provisioned prices of one capacity unit for
	// one hour.
	RCUHour, WCUHour *big.Rat
	// StorageGBMonth is the price of a GB stored for a month.
	StorageGBMonth *big.Rat
}

// Table is the prices of one region, with where and when they were read.
type Table struct {
	Region string
	// Date is when the prices were read off Source.
	Date, Source string
	// HoursPerMonth is the month the figures are for: 730 hours, as the
	// AWS Pricing Calculator counts (365 × 24 / 12).
	HoursPerMonth int64
	// FreeTier is the always-free tier, in words: the figures do not
	// subtract it (it is shared by every table of an account).
	FreeTier string
	Classes  [2]Prices
}

// rat is an exact decimal price; the table is written by hand, so a
// malformed one is a programming error.
func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("pricing: not a decimal: " + s)
	}
	return r
}

// perMillion is a price stated per million units, for one unit.
func perMillion(s string) *big.Rat { return new(big.Rat).Quo(rat(s), big.NewRat(1_000_000, 1)) }

// regions are the price tables dynexpr ships.
//
// us-east-1, read 2025-07-21: on-demand Standard $0.125 per million read
// request units and $0.625 per million write request units (the prices of
// the November 2024 reduction); provisioned Standard $0.00013 per RCU-hour
// and $0.00065 per WCU-hour; Standard-IA on-demand $0.155 and $0.78 per
// million, provisioned $0.00016 and $0.00081 per hour; storage $0.25 per
// GB-month, Standard-IA $0.10.
func regions() []*Table {
	return []*Table{{
		Region:        "us-east-1",
		Date:          "2025-07-21",
		Source:        "https://aws.amazon.com/dynamodb/pricing/ (on-demand and provisioned, US East (N. Virginia))",
		HoursPerMonth: 730,
		FreeTier:      "25 GB of storage and 25 provisioned RCU and 25 WCU of the Standard class per account and region, not subtracted here",
		Classes: [2]Prices{
			Standard: {ReadRequestUnit: perMillion("0.125"), WriteRequestUnit: perMillion("0.625"),
				RCUHour: rat("0.00013"), WCUHour: rat("0.00065"), StorageGBMonth: rat("0.25")},
			StandardIA: {ReadRequestUnit: perMillion("0.155"), WriteRequestUnit: perMillion("0.78"),
				RCUHour: rat("0.00016"), WCUHour: rat("0.00081"), StorageGBMonth: rat("0.10")},
		},
	}}
}

// Regions lists the regions with prices.
func Regions() []string {
	var out []string
	for _, t := range regions() {
		out = append(out, t.Region)
	}
	return out
}

// ForRegion is the price table of region.
func ForRegion(region string) (*Table, error) {
	for _, t := range regions() {
		if t.Region == region {
			return t, nil
		}
	}
	return nil, fmt.Errorf("no prices for region %q: dynexpr has %s", region, strings.Join(Regions(), ", "))
}

// SecondsPerMonth is the month's length in seconds.
func (t *Table) SecondsPerMonth() int64 { return t.HoursPerMonth * 3600 }

// OnDemand is what units request units of a month cost on demand.
func (t *Table) OnDemand(c Class, readUnits, writeUnits *big.Rat) *big.Rat {
	p := t.Classes[c]
	out := new(big.Rat).Mul(readUnits, p.ReadRequestUnit)
	return out.Add(out, new(big.Rat).Mul(writeUnits, p.WriteRequestUnit))
}

// Provisioned is what provisioning rcu and wcu capacity units (per second)
// for the whole month costs.
func (t *Table) Provisioned(c Class, rcu, wcu *big.Rat) *big.Rat {
	p := t.Classes[c]
	hours := big.NewRat(t.HoursPerMonth, 1)
	out := new(big.Rat).Mul(rcu, p.RCUHour)
	out.Add(out, new(big.Rat).Mul(wcu, p.WCUHour))
	return out.Mul(out, hours)
}

// Dollars writes an amount rounded half up to the cent: "$1,234.56".
func Dollars(r *big.Rat) string {
	cents := new(big.Rat).Mul(r, big.NewRat(100, 1))
	n := new(big.Int).Quo(new(big.Int).Add(new(big.Int).Mul(cents.Num(), big.NewInt(2)), cents.Denom()), new(big.Int).Mul(cents.Denom(), big.NewInt(2)))
	s := n.String()
	for len(s) < 3 {
		s = "0" + s
	}
	whole, frac := s[:len(s)-2], s[len(s)-2:]
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return "$" + b.String() + "." + frac
}

// Decimal writes r exactly when it has at most digits decimals, else
// rounded half up to them.
func Decimal(r *big.Rat, digits int) string {
	s := r.FloatString(digits) // exact rounding of the rational, no float
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
