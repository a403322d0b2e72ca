// Package capacity computes what a request consumes by DynamoDB's published
// rules: the size of an item, the read and write units of each request, and
// the writes each secondary index takes. Every figure is exact: sizes are
// whole bytes and units whole halves, never float64; what the request does
// not show (the size of an item on the table, whether the item was in an
// index before) makes a figure a range, its least and its most, never a
// guess shown as a number.
package capacity

import (
	"strconv"
)

// Sizes DynamoDB measures capacity in ("Service, account, and table quotas
// in Amazon DynamoDB": 1 KB is 1,024 bytes).
const (
	KB = 1024
	// ReadUnitBytes is what one read unit reads ("DynamoDB read and write
	// operations": a strongly consistent read of an item up to 4 KB is one
	// read unit); WriteUnitBytes what one write unit writes (an item up to
	// 1 KB).
	ReadUnitBytes  = 4 * KB
	WriteUnitBytes = 1 * KB
	// MaxItemBytes is the largest item DynamoDB stores, names and values
	// ("Service, account, and table quotas": item size 400 KB): the most an
	// item of unknown size can be.
	MaxItemBytes = 400 * KB
	// PageBytes is the most one Query or Scan request reads before it
	// stops and returns LastEvaluatedKey ("Paginating table query
	// results": 1 MB).
	PageBytes = 1024 * KB
)

// Half is a number of half capacity units: an eventually consistent read
// of up to 4 KB is one half, and every figure DynamoDB bills is a whole
// number of them, so integers keep it exact.
type Half int64

// String writes h in units: "2", "0.5", "1.5".
func (h Half) String() string {
	s := strconv.FormatInt(int64(h/2), 10)
	if h%2 != 0 {
		s += ".5"
	}
	return s
}

// Units is a number of capacity units, or a range of them when what the
// request consumes depends on what it does not show.
type Units struct{ Min, Max Half }

// Exact is the range of one figure.
func Exact(h Half) Units { return Units{h, h} }

// Known reports whether u is one figure.
func (u Units) Known() bool { return u.Min == u.Max }

// Add sums two ranges: the least of each, the most of each.
func (u Units) Add(v Units) Units { return Units{u.Min + v.Min, u.Max + v.Max} }

// Times is n of u.
func (u Units) Times(n int64) Units { return Units{u.Min * Half(n), u.Max * Half(n)} }

// IsZero reports whether u is exactly nothing.
func (u Units) IsZero() bool { return u.Min == 0 && u.Max == 0 }

// String writes "2" or "1 to 3".
func (u Units) String() string {
	if u.Known() {
		return u.Min.String()
	}
	return u.Min.String() + " to " + u.Max.String()
}

// Size is a number of bytes, or a range of them.
type Size struct{ Min, Max int64 }

// ExactSize is the range of one size.
func ExactSize(n int64) Size { return Size{n, n} }

// Known reports whether s is one size.
func (s Size) Known() bool { return s.Min == s.Max }

// Add sums two sizes.
func (s Size) Add(t Size) Size { return Size{s.Min + t.Min, s.Max + t.Max} }

// Times is n of s.
func (s Size) Times(n int64) Size { return Size{s.Min * n, s.Max * n} }

// String writes "137 bytes" or "137 to 409600 bytes".
func (s Size) String() string {
	if s.Known() {
		return strconv.FormatInt(s.Min, 10) + " bytes"
	}
	return strconv.FormatInt(s.Min, 10) + " to " + strconv.FormatInt(s.Max, 10) + " bytes"
}

// Read is how a read is made, which sets what 4 KB of it costs.
type Read int

const (
	// Eventual is the default read: half a unit per 4 KB.
	Eventual Read = iota
	// Strong is a read with ConsistentRead: one unit per 4 KB.
	Strong
	// Transactional is a member of TransactGetItems: two units per 4 KB.
	Transactional
)

// halvesPerReadUnit is what 4 KB of each kind of read costs, in halves
// ("DynamoDB read and write operations", capacity unit consumption for
// reads: ½ eventually consistent, 1 strongly consistent, 2 transactional).
func (r Read) halvesPerReadUnit() Half {
	switch r {
	case Strong:
		return 2
	case Transactional:
		return 4
	}
	return 1
}

func (r Read) String() string {
	return [...]string{"eventually consistent", "strongly consistent", "transactional"}[r]
}

// chunks is n bytes in blocks of size, rounded up, and at least one: a
// read of a missing item and a write of an empty one still consume the
// least a request can ("DynamoDB read and write operations": a GetItem of
// an item that does not exist consumes the minimum read capacity units).
func chunks(n, size int64) int64 {
	if n <= 0 {
		return 1
	}
	return (n + size - 1) / size
}

// ReadUnits is what reading n bytes at once costs: n rounded up to 4 KB
// ("DynamoDB read and write operations": item sizes for reads are rounded
// up to the next 4 KB multiple; reading a 3,500-byte item consumes the
// same as a 4 KB item).
func ReadUnits(n int64, r Read) Half { return Half(chunks(n, ReadUnitBytes)) * r.halvesPerReadUnit() }

// WriteUnits is what writing an item of n bytes costs: n rounded up to
// 1 KB, one unit each, two in a transaction ("DynamoDB read and write
// operations", capacity unit consumption for writes; "Amazon DynamoDB
// Transactions: how it works", capacity management: a transactional write
// is a prepare and a commit).
func WriteUnits(n int64, transactional bool) Half {
	h := Half(chunks(n, WriteUnitBytes)) * 2
	if transactional {
		h *= 2
	}
	return h
}

// ReadRange is ReadUnits of each end of s.
func ReadRange(s Size, r Read) Units { return Units{ReadUnits(s.Min, r), ReadUnits(s.Max, r)} }

// WriteRange is WriteUnits of each end of s.
func WriteRange(s Size, transactional bool) Units {
	return Units{WriteUnits(s.Min, transactional), WriteUnits(s.Max, transactional)}
}

// GetItems is what reading items one by one costs, as GetItem and
// BatchGetItem do: each item rounded up to 4 KB, then summed
// ("DynamoDB read and write operations", BatchGetItem: items of 1.5 KB and
// 6.5 KB cost as 12 KB, not 8 KB).
func GetItems(sizes []Size, r Read) Units {
	var u Units
	for _, s := range sizes {
		u = u.Add(ReadRange(s, r))
	}
	return u
}

// QueryItems is what a Query or Scan reading items of these sizes costs:
// their sizes summed, then rounded up to 4 KB once ("DynamoDB read and
// write operations", Query: ten items totalling 40.8 KB cost as 44 KB;
// Scan: the items it evaluates, not those it returns).
func QueryItems(sizes []Size, r Read) Units {
	var total Size
	for _, s := range sizes {
		total = total.Add(s)
	}
	return ReadRange(total, r)
}

// WriteItems is what writing items one by one costs, as BatchWriteItem
// does: each item rounded up to 1 KB ("DynamoDB read and write
// operations", BatchWriteItem: each item is processed as a PutItem or
// DeleteItem).
func WriteItems(sizes []Size, transactional bool) Units {
	var u Units
	for _, s := range sizes {
		u = u.Add(WriteRange(s, transactional))
	}
	return u
}

// MarshalJSON writes a figure as a JSON number ("0.5" is exact decimal
// text, never a float) and a range as {"min": x, "max": y}.
func (u Units) MarshalJSON() ([]byte, error) {
	if u.Known() {
		return []byte(u.Min.String()), nil
	}
	return []byte(`{"min": ` + u.Min.String() + `, "max": ` + u.Max.String() + `}`), nil
}

// MarshalJSON writes a size as Units does.
func (s Size) MarshalJSON() ([]byte, error) {
	if s.Known() {
		return []byte(strconv.FormatInt(s.Min, 10)), nil
	}
	return []byte(`{"min": ` + strconv.FormatInt(s.Min, 10) + `, "max": ` + strconv.FormatInt(s.Max, 10) + `}`), nil
}
