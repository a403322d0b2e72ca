// Package textfile reads one input whole — a file, standard input, a
// device — within a cap on its size, and refuses what is not text. Every
// reader of an input (statements, request JSON, schemas, the config,
// parameter files) goes through it, so that no input, not /dev/zero nor a
// binary nor a log grown huge, makes dynexpr run out of memory or parse
// garbage: the answer is one clear error.
//
// The cap holds on streams too: a device or a pipe has no size to look at
// first, so at most the cap and one byte more are ever read.
package textfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FlagName is the command-line flag that raises the cap, named in the error
// that says an input is over it.
const FlagName = "max-input-size"

// DefaultLimit is the cap when none is given: 64 MiB. The largest statement
// files measured (300,000 statements) are 42 MB and schemas are a few
// megabytes at most (a CloudFormation template is capped at 1 MB by AWS), so
// a real input does not reach it, and what dynexpr keeps of an input this
// size stays well under a gigabyte.
const DefaultLimit Limit = 64 << 20

// sampleSize is how much of the start of an input the text check reads.
const sampleSize = 8 << 10

// Limit is the most bytes one input may have; 0 stands for DefaultLimit.
type Limit int64

// Bytes is the cap in bytes.
func (l Limit) Bytes() int64 {
	if l <= 0 {
		return int64(DefaultLimit)
	}
	return int64(l)
}

// Read reads the file at path. A regular file over the cap is refused
// before it is read; anything else (a device, a pipe) is read up to the cap
// and one byte more.
func (l Limit) Read(path string) ([]byte, error) { return l.ReadInto(path, nil) }

// ReadInto is Read into buf's space when it is large enough, else into a
// new buffer: a caller that reads many files and keeps few (lint's
// prefilter over a tree of code) allocates once, not once a file. The
// bytes returned are buf's until the caller reads into it again.
func (l Limit) ReadInto(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > l.Bytes() {
			return nil, &TooLargeError{Limit: l, Size: fi.Size()}
		}
		size = int(fi.Size())
	} else {
		buf = nil // a stream's start is checked before more is read: see read
	}
	return l.read(f, size, buf)
}

// ReadAll reads r to its end (standard input).
func (l Limit) ReadAll(r io.Reader) ([]byte, error) { return l.read(r, 0, nil) }

func (l Limit) read(r io.Reader, size int, into []byte) ([]byte, error) {
	r = io.LimitReader(r, l.Bytes()+1) // one byte more than the cap, so going over it shows
	// One byte more than the size, so that a file is read into the buffer
	// made for it and the next read sees the end at once, as os.ReadFile
	// does: a buffer regrown per file was a third of the time lint took
	// over a tree of code. A stream has no size: its buffer is the sample's,
	// so its start is checked before the rest is read (/dev/urandom is
	// refused as binary at once, not after the cap's worth of it).
	buf := into[:0]
	if want := max(size, sampleSize) + 1; cap(buf) < want {
		buf = make([]byte, 0, want)
	}
	checked := false
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil && err != io.EOF {
			return nil, err
		}
		if !checked && (len(buf) >= sampleSize || err == io.EOF) {
			if err := CheckText(buf); err != nil {
				return nil, err
			}
			checked = true
		}
		if err == io.EOF {
			break
		}
	}
	if int64(len(buf)) > l.Bytes() {
		return nil, &TooLargeError{Limit: l}
	}
	return buf, nil
}

// TooLargeError is an input over the cap.
type TooLargeError struct {
	Limit Limit
	// Size is the input's size when it is known before reading (a regular
	// file); 0 for a stream, which is read only to the cap.
	Size int64
}

func (e *TooLargeError) Error() string {
	msg := fmt.Sprintf("it is larger than %s, the most dynexpr reads of one input (--%s raises it", Size(e.Limit.Bytes()), FlagName)
	if e.Size > 0 {
		msg += fmt.Sprintf(": it is %s, so --%s %s reads it", humanSize(e.Size), FlagName, roundUp(e.Size))
	}
	return msg + ")"
}

// roundUp is the size n needs as --max-input-size reads it: n itself
// under 1KiB, else n rounded up to a whole number of the largest binary
// unit not above it (a file of 70,123,456 bytes needs 67MiB).
func roundUp(n int64) string {
	for _, u := range []struct {
		suffix string
		bytes  int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes {
			return strconv.FormatInt((n+u.bytes-1)/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// humanSize is n bytes for a message: exact under 1KiB, else in the largest
// binary unit not above it, with one decimal (66.9MiB).
func humanSize(n int64) string {
	for _, u := range []struct {
		suffix string
		bytes  int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes {
			return strconv.FormatFloat(float64(n)/float64(u.bytes), 'f', 1, 64) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// NotTextError is an input that is not UTF-8 text.
type NotTextError struct{ Why string }

func (e *NotTextError) Error() string {
	return "it is not a text file (" + e.Why + "): dynexpr reads UTF-8 text"
}

// CheckText refuses data whose start is not UTF-8 text: its first 8 KiB
// hold a NUL byte, a UTF-16 byte order mark, or more than one byte in eight
// that is not UTF-8. A few stray bytes (a Latin-1 "é" in a string) are left
// to the parsers, which say where they are and what to write instead.
func CheckText(data []byte) error {
	sample := data[:min(len(data), sampleSize)]
	if bytes.HasPrefix(sample, []byte{0xFF, 0xFE}) || bytes.HasPrefix(sample, []byte{0xFE, 0xFF}) {
		return &NotTextError{Why: "it is UTF-16; save it as UTF-8"}
	}
	if i := bytes.IndexByte(sample, 0); i >= 0 {
		return &NotTextError{Why: "a NUL byte at byte " + strconv.Itoa(i)}
	}
	if utf8.Valid(sample) {
		return nil // the common case, at the speed of a scan for ASCII
	}
	bad := 0
	for i := 0; i < len(sample); {
		r, n := utf8.DecodeRune(sample[i:])
		if r == utf8.RuneError && n == 1 {
			if !utf8.FullRune(sample[i:]) {
				break // a character the sample's end cuts, or the parser's to report
			}
			bad++
		}
		i += n
	}
	if bad > 0 && 8*bad > len(sample) {
		return &NotTextError{Why: fmt.Sprintf("%d of its first %d bytes are not UTF-8", bad, len(sample))}
	}
	return nil
}

// units are the suffixes ParseSize takes, largest first.
var units = []struct {
	suffix string
	bytes  int64
}{
	{"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10},
	{"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3},
	{"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10},
	{"b", 1},
}

// ParseSize reads a size as the flag takes it: a whole number of bytes, or
// one with a unit: 100MiB, 1GiB, 512KiB (also 100M, 1G; MB and GB are
// powers of ten).
func ParseSize(s string) (Limit, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range units {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(num), u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size: write a positive number of bytes, or one with a unit: 64MiB, 1GiB", s)
	}
	return Limit(n * mult), nil
}

// Size writes n bytes as ParseSize reads them: in the largest binary unit
// that divides it.
func Size(n int64) string {
	for _, u := range []struct {
		suffix string
		bytes  int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.bytes == 0 {
			return strconv.FormatInt(n/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// String is the cap as the flag's help shows it.
func (l Limit) String() string { return Size(l.Bytes()) }

// Set reads the flag's value (Limit is a pflag.Value).
func (l *Limit) Set(s string) error {
	v, err := ParseSize(s)
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Type names the flag's value in help.
func (l *Limit) Type() string { return "SIZE" }
