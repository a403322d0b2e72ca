package textfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// endless is a stream of text that never ends, counting what is read of it.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "get T key id = 1;\n"[int(e.read+int64(i))%18]
	}
	e.read += int64(len(p))
	return len(p), nil
}

func TestStreamIsCutAtTheLimit(t *testing.T) {
	var src endless
	_, err := Limit(1 << 20).ReadAll(&src)
	if _, ok := errors.AsType[*TooLargeError](err); !ok {
		t.Fatalf("ReadAll of an endless stream: %v, want a TooLargeError", err)
	}
	if src.read > 1<<20+sampleSize+512 {
		t.Errorf("read %d bytes of the stream, want about the limit (%d)", src.read, 1<<20)
	}
}

func TestRegularFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.dx")
	text := strings.Repeat("get T key id = 1;\n", 1000)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Limit(len(text)).Read(path); err != nil || string(got) != text {
		t.Errorf("Read at exactly its size: %d bytes, %v; want the file", len(got), err)
	}
	_, err := Limit(len(text) - 1).Read(path)
	if e, ok := errors.AsType[*TooLargeError](err); !ok || e.Error() != "it is larger than 17999B, the most dynexpr reads of one input (--max-input-size raises it: it is 17.6KiB, so --max-input-size 18KiB reads it)" {
		t.Errorf("Read one byte over: %v", err)
	}
	if _, err := Limit(0).Read(path); err != nil {
		t.Errorf("Read with the default limit: %v", err)
	}
}

func TestCheckText(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		why  string // "" for text
	}{
		{"empty", nil, ""},
		{"ascii", []byte("get T key id = 1\n"), ""},
		{"utf-8", []byte("get T key id = \"café ☕\"\n"), ""},
		{"stray Latin-1 byte, left to the parser", []byte("get T key id = \"caf\xe9 and some more text\"\n"), ""},
		{"a character cut at the sample's end", append(bytes.Repeat([]byte("a"), sampleSize-1), "é"...), ""},
		{"NUL", []byte("get T\x00key"), "a NUL byte at byte 5"},
		{"NUL after the sample is not looked for", append(bytes.Repeat([]byte("a"), sampleSize), 0), ""},
		{"UTF-16", []byte("\xff\xfeg\x00e\x00t\x00"), "it is UTF-16; save it as UTF-8"},
		{"mostly not UTF-8", bytes.Repeat([]byte("a\xff\xfe\xfd"), 100), "300 of its first 400 bytes are not UTF-8"},
	} {
		err := CheckText(tc.data)
		got := ""
		if e, ok := errors.AsType[*NotTextError](err); ok {
			got = e.Why
		} else if err != nil {
			t.Errorf("%s: %v is not a NotTextError", tc.name, err)
		}
		if got != tc.why {
			t.Errorf("%s: CheckText says %q, want %q", tc.name, got, tc.why)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]Limit{
		"100": 100, "64MiB": 64 << 20, "64mib": 64 << 20, "1G": 1 << 30, "1 GiB": 1 << 30,
		"512KiB": 512 << 10, "5MB": 5e6, "7B": 7,
	} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "10X", "MiB", "1.5GiB", "99999999999GiB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) takes it; want an error", in)
		}
	}
	for _, n := range []int64{64 << 20, 1 << 30, 1536, 17999} {
		if got, err := ParseSize(Size(n)); err != nil || int64(got) != n {
			t.Errorf("ParseSize(Size(%d)) = %d, %v", n, got, err)
		}
	}
}

// TestFileReadIntoItsBuffer: a regular file is read into one buffer of its
// size (and the byte that shows its end), not into one regrown as it
// fills, which doubled what lint allocated and copied over a tree of code.
func TestFileReadIntoItsBuffer(t *testing.T) {
	for _, n := range []int{0, 100, sampleSize - 1, sampleSize, sampleSize + 1, 300 << 10} {
		path := filepath.Join(t.TempDir(), "a.py")
		text := bytes.Repeat([]byte("x"), n)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Limit(0).Read(path)
		if err != nil || !bytes.Equal(got, text) {
			t.Fatalf("%d bytes: read %d bytes, %v", n, len(got), err)
		}
		if want := max(n, sampleSize) + 1; cap(got) != want {
			t.Errorf("%d bytes: read into a buffer of %d, want %d", n, cap(got), want)
		}
	}
}

// TestReadIntoReuses: a file that fits is read into the buffer given; one
// that does not gets a buffer of its own, the given one untouched.
func TestReadIntoReuses(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small.py"), filepath.Join(dir, "large.py")
	if err := os.WriteFile(small, []byte("print(1)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, bytes.Repeat([]byte("x = 1\n"), 10000), 0o644); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 2*sampleSize)
	got, err := Limit(0).ReadInto(small, buf)
	if err != nil || string(got) != "print(1)\n" || &got[:1][0] != &buf[:1][0] {
		t.Fatalf("small file: %q, %v, in the buffer given: %v", got, err, &got[:1][0] == &buf[:1][0])
	}
	got, err = Limit(0).ReadInto(large, buf)
	if err != nil || len(got) != 60000 || &got[:1][0] == &buf[:1][0] || buf[:1][0] != 'p' {
		t.Fatalf("large file: %d bytes, %v, a buffer of its own: %v", len(got), err, &got[:1][0] != &buf[:1][0])
	}
}

// The hint names what the file needs, rounded up to a size the flag reads,
// never a multiple of the cap: a file far over the cap needs far more than
// twice it, and one just over needs only a little.
func TestTooLargeHintFitsTheFile(t *testing.T) {
	for _, tc := range []struct {
		size int64
		want string
	}{
		{84, "84B"},
		{1 << 10, "1KiB"},
		{1<<10 + 1, "2KiB"},
		{70123456, "67MiB"},
		{64<<20 + 1, "65MiB"},
		{3<<30 + 5, "4GiB"},
	} {
		got := roundUp(tc.size)
		if got != tc.want {
			t.Errorf("roundUp(%d) = %s, want %s", tc.size, got, tc.want)
		}
		if l, err := ParseSize(got); err != nil || int64(l) < tc.size {
			t.Errorf("roundUp(%d) = %s reads as %d, %v: under the size", tc.size, got, l, err)
		}
	}
	// A stream's size is not known: no number is made up.
	if msg := (&TooLargeError{Limit: 1 << 20}).Error(); strings.Contains(msg, "e.g.") || strings.Contains(msg, "reads it") {
		t.Errorf("a stream's hint names a size: %s", msg)
	}
}
