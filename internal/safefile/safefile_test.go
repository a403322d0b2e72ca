package safefile

import (
	"os"
	"path/filepath"
	"strings"
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

// TestReplaceKeepsHardLinks: a file with two names is written in place, so
// both names still name the one file, with the new contents, and no backup
// is left behind.
func TestReplaceKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.dx"), filepath.Join(dir, "b.dx")
	writeOld(t, a, 0o640)
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(a)
	replaceNew(t, a)
	assertFile(t, a, "new", 0o640)
	assertFile(t, b, "new", 0o640)
	after, _ := os.Stat(b)
	if !os.SameFile(before, after) {
		t.Error("b.dx is no longer the file a.dx was")
	}
	if n := after.Sys().(*syscall.Stat_t).Nlink; n != 2 {
		t.Errorf("%d links, want 2", n)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".a.dx.*")); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
}

// TestReplaceInPlaceFailureRestores: a write in place that fails half-way
// (a full disk) leaves the old contents, written back from the backup,
// which is then removed.
func TestReplaceInPlaceFailureRestores(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.dx")
	writeOld(t, a, 0o644)
	if err := os.Link(a, filepath.Join(dir, "b.dx")); err != nil {
		t.Fatal(err)
	}
	real := writeAt0
	defer func() { writeAt0 = real }()
	failed := false
	writeAt0 = func(f *os.File, data []byte) error {
		if !failed {
			failed = true
			f.WriteAt(data[:1], 0) // half of the new contents, then the disk is full
			return syscall.ENOSPC
		}
		return real(f, data)
	}
	if err := Replace(a, []byte("new")); err == nil {
		t.Fatal("a failed write reported success")
	}
	assertFile(t, a, "old", 0o644)
	if left, _ := filepath.Glob(filepath.Join(dir, ".a.dx.*")); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}

	// When the old contents cannot be written back either, the backup
	// stays and the error names it.
	writeAt0 = func(f *os.File, data []byte) error {
		f.WriteAt(data[:1], 0)
		return syscall.EIO
	}
	err := Replace(a, []byte("new"))
	left, _ := filepath.Glob(filepath.Join(dir, ".a.dx.*"+backupSuffix))
	if err == nil || len(left) != 1 {
		t.Fatalf("error %v, backups %v: want an error and one backup", err, left)
	}
	if got, _ := os.ReadFile(left[0]); string(got) != "old" {
		t.Errorf("the backup holds %q, want the old contents", got)
	}
	if !strings.Contains(err.Error(), left[0]) {
		t.Errorf("the error does not name the backup: %v", err)
	}
}
