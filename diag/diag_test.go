package diag

import (
	"errors"
	"testing"
)

func TestPosAndMessages(t *testing.T) {
	src := []byte("line one\nline two\n\nfour")
	cases := []struct {
		off  int
		want string
	}{
		{0, "f.dx:1:1"}, {5, "f.dx:1:6"}, {9, "f.dx:2:1"}, {18, "f.dx:3:1"}, {19, "f.dx:4:1"}, {99, "f.dx:4:5"},
	}
	for _, c := range cases {
		if got := PosAt("f.dx", src, c.off).String(); got != c.want {
			t.Errorf("PosAt(%d) = %s, want %s", c.off, got, c.want)
		}
	}
	if got := (Pos{File: "-p x"}).String(); got != "-p x" {
		t.Errorf("a position without a line prints as its file: %q", got)
	}
	e := Errorf(Pos{File: "q.dx", Line: 3, Col: 7}, "unexpected %q", "==")
	if e.Error() != `q.dx:3:7: error: unexpected "=="` {
		t.Errorf("Error() = %q", e.Error())
	}
	var list List
	if list.Err() != nil {
		t.Error("an empty list is no error")
	}
	list = append(list, e, Errorf(Pos{File: "q.dx", Line: 4, Col: 1}, "two"))
	err := list.Err()
	var got List
	if !errors.As(err, &got) || len(got) != 2 || err.Error() != "q.dx:3:7: error: unexpected \"==\"\nq.dx:4:1: error: two" {
		t.Errorf("List.Err() = %v", err)
	}
}
