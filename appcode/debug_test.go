package appcode

import (
	"os"
	"testing"
)

func TestDebugDump(t *testing.T) {
	name := os.Getenv("DUMP")
	if name == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(name)
	lang, _ := LangOf(name)
	r := Read(lang, src)
	checkInvariants(t, src, r)
	t.Log("\n" + dump(src, r))
}
