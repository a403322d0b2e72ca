package appcode

import (
	"path/filepath"
	"strings"

	"github.com/dynexpr/dynexpr/request"
)

// extensions are the file extensions of the languages read here.
var extensions = [...]struct {
	ext  string
	lang Lang
}{
	{".go", Go}, {".py", Python},
	{".js", JavaScript}, {".mjs", JavaScript}, {".cjs", JavaScript}, {".jsx", JavaScript},
	{".ts", JavaScript}, {".tsx", JavaScript}, {".mts", JavaScript}, {".cts", JavaScript},
	{".java", Java}, {".kt", Kotlin}, {".kts", Kotlin},
}

// LangOf tells a source file's language from its name; ok is false for a
// file of no language read here.
func LangOf(name string) (lang Lang, ok bool) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range extensions {
		if e.ext == ext {
			return e.lang, true
		}
	}
	return "", false
}

// Extensions are the file extensions LangOf knows, lower case.
func Extensions() []string {
	out := make([]string, len(extensions))
	for i, e := range extensions {
		out[i] = e.ext
	}
	return out
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

// CommandOfCall is the aws dynamodb command a site's Call names: a
// client's method (query, update_item, updateItem, DocumentClient's
// update), a command or request class (UpdateItemCommand, lib-dynamodb's
// UpdateCommand, UpdateItemRequest, QueryCommandInput), or a group
// member's part (Update in TransactItems: update-item); "" when it names
// none, and the members then tell.
func CommandOfCall(call string) string {
	name := call
	for _, suffix := range []string{"CommandInput", "Command", "RequestBuilder", "Request", "Input"} {
		if n, ok := strings.CutSuffix(name, suffix); ok && n != "" {
			name = n
			break
		}
	}
	if strings.EqualFold(name, "ConditionCheck") {
		return "condition-check"
	}
	return request.NormalizeCommand(name)
}
