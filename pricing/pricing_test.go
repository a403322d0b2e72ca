package pricing

import (
	"math/big"
	"testing"
)

func TestDollars(t *testing.T) {
	for in, want := range map[string]string{"0": "$0.00", "0.005": "$0.01", "0.004": "$0.00", "1234.565": "$1,234.57", "1000000": "$1,000,000.00", "12.3": "$12.30"} {
		r, _ := new(big.Rat).SetString(in)
		if got := Dollars(r); got != want {
			t.Errorf("Dollars(%s) = %s, want %s", in, got, want)
		}
	}
}

// One request a second for the 730-hour month is 2,628,000 requests.
func TestMonthOfRequests(t *testing.T) {
	p, err := ForRegion("us-east-1")
	if err != nil {
		t.Fatal(err)
	}
	n := big.NewRat(p.SecondsPerMonth(), 1)
	if n.Cmp(big.NewRat(2_628_000, 1)) != 0 {
		t.Fatalf("seconds per month %s", n)
	}
	// On demand: 2,628,000 write units at $0.625 a million, read units at
	// $0.125: $1.6425 and $0.3285.
	if got := Dollars(p.OnDemand(Standard, new(big.Rat), n)); got != "$1.64" {
		t.Errorf("a write a second on demand: %s", got)
	}
	if got := p.OnDemand(Standard, n, new(big.Rat)); got.Cmp(big.NewRat(3285, 10000)) != 0 {
		t.Errorf("a read a second on demand: %s, want 0.3285 exactly", got.FloatString(6))
	}
	// Provisioned: 1 WCU for 730 hours at $0.00065 is $0.4745.
	if got := p.Provisioned(Standard, new(big.Rat), big.NewRat(1, 1)); got.Cmp(big.NewRat(4745, 10000)) != 0 {
		t.Errorf("1 WCU provisioned: %s", got.FloatString(6))
	}
	if got := Dollars(p.OnDemand(StandardIA, n, n)); got != "$2.46" { // 0.40734 + 2.04984
		t.Errorf("Standard-IA: %s", got)
	}
	if _, err := ForRegion("eu-west-9"); err == nil {
		t.Error("an unknown region has prices")
	}
}
