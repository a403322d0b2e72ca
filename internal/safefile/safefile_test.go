package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReplaceKeepsModeAndContents(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.dx")
	writeOld(t, p, 0o640)
	replaceNew(t, p)
	assertFile(t, p, "new", 0o640)
	if left, _ := filepath.Glob(filepath.Join(dir, ".a.dx.*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestReplaceWritesThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "q.dx")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	writeOld(t, target, 0o600)
	link := filepath.Join(dir, "link.dx")
	if err := os.Symlink(filepath.Join("real", "q.dx"), link); err != nil {
		t.Fatal(err)
	}
	replaceNew(t, link)
	fi, err := os.Lstat(link)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link became a %v", fi.Mode().Type())
	}
	assertFile(t, target, "new", 0o600)
}

func TestReplaceKeepsOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	p := filepath.Join(t.TempDir(), "owned.dx")
	writeOld(t, p, 0o644)
	if err := os.Chown(p, 4242, 4343); err != nil {
		t.Fatal(err)
	}
	replaceNew(t, p)
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 4242 || st.Gid != 4343 {
		t.Errorf("owner %d:%d, want 4242:4343", st.Uid, st.Gid)
	}
	assertFile(t, p, "new", 0o644)
}

func TestReplaceMissingFile(t *testing.T) {
	if err := Replace(filepath.Join(t.TempDir(), "none.dx"), []byte("x")); err == nil {
		t.Fatal("replacing a file that does not exist succeeded")
	}
}

// writeOld writes "old" to p with mode.
func writeOld(t *testing.T, p string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte("old"), mode); err != nil {
		t.Fatal(err)
	}
}

// replaceNew replaces what p holds with "new".
func replaceNew(t *testing.T, p string) {
	t.Helper()
	if err := Replace(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
}

func assertFile(t *testing.T, p, want string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds %q, want %q", p, b, want)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != mode {
		t.Errorf("%s mode %v, want %v", p, fi.Mode().Perm(), mode)
	}
}
