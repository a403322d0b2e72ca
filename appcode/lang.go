package appcode

import (
	"path/filepath"
	"strings"
)

// LangOf tells a source file's language from its name; ok is false for a
// file of no language read here.
func LangOf(name string) (lang Lang, ok bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".go":
		return Go, true
	case ".py":
		return Python, true
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts":
		return JavaScript, true
	case ".java":
		return Java, true
	case ".kt", ".kts":
		return Kotlin, true
	}
	return "", false
}

// Read finds the requests a file of lang writes. It never fails: what it
// cannot read is Opaque or Skipped, and a file that does not parse gives
// what could be read of it.
func Read(lang Lang, src []byte) *Result {
	var r *Result
	switch lang {
	case Go:
		r = readGo(src)
	case Python:
		r = readPython(src)
	case JavaScript:
		r = readJavaScript(src)
	case Java:
		r = readJava(src)
	case Kotlin:
		r = readKotlin(src)
	default:
		r = &Result{}
	}
	r.Lang = lang
	return r
}
