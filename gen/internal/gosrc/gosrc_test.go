package gosrc

import (
	"bytes"
	"fmt"
	doccomment "go/doc/comment"
	"go/format"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const rt = "github.com/structgen/structgen/runtime"

// cases builds files of the shapes the emitters write; each must print
// as gofmt prints it, without the formatting pass.
var cases = map[string]func(f *File){
	"declarations apart by kind, doc comments": func(f *File) {
		f.Var().Id("a").Op("=").Lit(1)
		f.Var().Id("b").Op("=").Lit("two")
		f.Comment("// F does nothing.")
		f.Func().Id("F").Params().Block()
		f.Func().Id("G").Params().Block()
		f.Comment("A comment, then a type.")
		f.Type().Id("T").Int()
		f.Const().Id("c").Op("=").Lit(2.0)
		f.Line()
		f.Line()
		f.Var().Id("d").Op("=").Lit(false)
	},
	"doc comments gofmt rewrites": func(f *File) {
		f.Comment("// Heading Without Punctuation")
		f.Comment("//")
		f.Comment("// Text after it, and a list:")
		f.Comment("//   - one")
		f.Comment("//  - two")
		f.Type().Id("T").String()
	},
	"receivers, results, literals": func(f *File) {
		f.Func().Params(Id("v").Op("*").Id("T")).Id("M").Params(Id("d").Op("*").Qual("github.com/go-faster/jx", "Decoder"), Id("n").Int()).Params(Index().Byte(), Error()).Block(
			Return(Nil(), Nil()),
		)
		f.Func().Id("one").Params().Params(Error()).Block(Return(Nil()))
		f.Func().Id("named").Params().Params(Id("v").Id("T")).Block(Return())
		f.Func().Id("lit").Params().Block(
			Id("g").Op(":=").Func().Params(Id("name").String()).Bool().Block(Return(True())),
			Id("h").Call(Lit(1), Func().Params(Id("c").Op("*").Qual(rt, "Decoding")).Block(
				Id("c").Dot("Skip").Call(),
			), Id("g")),
			Id("x").Op(":=").Func().Params().Block(),
			Id("_").Op("=").Id("x"),
		)
	},
	"statements": func(f *File) {
		f.Func().Id("s").Params(Id("xs").Index().String(), Id("m").Map(String()).Index().Op("*").Id("T")).Block(
			Var().Id("seen").Index(Lit(3)).Bool(),
			Var().Id("missing").Index().String(),
			Id("buf").Op(":=").Id("seen").Index(Empty(), Lit(0)),
			For(List(Id("i"), Id("x")).Op(":=").Range().Id("xs")).Block(
				If(Id("x").Op("==").Lit("")).Block(Continue()),
				If(List(Id("_"), Id("ok")).Op(":=").Id("m").Index(Id("x")), Op("!").Id("ok")).Block(
					Id("missing").Op("=").Append(Id("missing"), Id("x")),
				).Else().If(Id("i").Op(">").Lit(2).Op("&&").Len(Id("x")).Op("!=").Lit(0)).Block(
					Break(),
				).Else().Block(
					Id("seen").Index(Len(Id("xs")).Op("-").Lit(1)).Op("=").True(),
				),
			),
			For(Id("i").Op(":=").Len(Id("xs")).Op("-").Lit(1), Id("i").Op(">=").Lit(0), Id("i").Op("--")).Block(),
			If(Id("buf").Op("==").Nil()).Block(),
			Switch(String().Parens(Id("xs").Index(Lit(0)))).Block(
				Case(Lit("a"), Lit("b")).Block(Return()),
				Comment("the rest"),
				Default().Block(Id("f").Call(Id("missing").Op("..."))),
			),
			Block(Id("n").Op("++")),
			Op("*").Id("p").Op("=").Id("T").Values(),
			Id("q").Op(":=").Op("&").Id("T").Values(Id("A").Op(":").Lit(1), Id("B").Op(":").Parens(Op("*").Id("p"))),
			Id("r").Op(":=").Qual(rt, "NewOutput").Types(Id("T")).Call(Lit("x")),
			Id("c").Dot("Check").Call().Comment("a short one"),
			Id("c").Dot("CheckLonger").Call(Id("x")).Comment("a longer one"),
		)
	},
	"types": func(f *File) {
		f.Type().Id("S").Struct(
			Comment("// A is a."),
			Id("A").Op("*").Id("T").Tag(map[string]string{"json": "a,omitempty"}),
			Id("LongerName").Index().Qual(rt, "Field").Types(String()).Tag(map[string]string{"json": "longerName"}),
			Id("Extra").Map(String()).Qual("encoding/json", "RawMessage").Tag(map[string]string{"json": "-"}),
			Line(),
			Id("After").Bool(),
			Id("N").Int(),
		)
		f.Type().Id("One").Struct(Id("X").Int().Tag(map[string]string{"json": "x"}))
		f.Type().Id("Embeds").Struct(Id("S"), Id("One"))
		f.Type().Id("Empty").Struct()
		f.Type().Id("I").Interface(Comment("// M is m."), Id("M").Params().String(), Id("n").Params())
		f.Var().Id("_").Interface(Id("V").Params()).Op("=").Nil()
		f.Type().Id("E").String()
		f.Const().Defs(
			Id("EA").Id("E").Op("=").Lit("a"),
			Id("ELongerName").Id("E").Op("=").Lit("longer"),
		)
		f.Const().Defs(Id("Only").Id("E").Op("=").Lit("only"))
		f.Type().Id("L").Index().Id("L")
		f.Type().Id("A").Op("=").Map(String()).Any()
	},
	"composite literals": func(f *File) {
		f.Var().Id("one").Op("=").Map(String()).String().Values(Dict{Lit("k"): Lit("v")})
		f.Var().Id("several").Op("=").Map(String()).String().Values(Dict{
			Lit("a"):          Id("short"),
			Lit("longer key"): Id("x"),
			Lit("structgen:///" + strings.Repeat("x", 60)): Id("y"),
			Lit("structgen:///" + strings.Repeat("x", 61)): Id("z"),
			Lit("b"): Id("w"),
		})
		f.Var().Id("fields").Op("=").Qual(rt, "Dialects").Values(Dict{
			Id("OpenAI"):  Lit(`{"a": 1}`),
			Id("Wrapped"): True(),
		})
		f.Var().Id("list").Op("=").Index().Id("T").Values(Values(Lit(1)), Values(Lit(2)))
		f.Var().Id("empty").Op("=").Map(String()).Int().Values(Dict{})
	},
	"literals": func(f *File) {
		f.Var().Id("a").Op("=").Index().Any().Values(Lit(1.5), Lit(2.0), Lit(1e21), Lit(int64(3)), Lit(-4), Lit("q\"\t"), Lit(true))
		f.Const().Id("raw").Op("=").Op("`line one\n\tline two`")
		f.Comment("// A tab\tin a comment.")
		f.Type().Id("T").Struct(
			Id("A").Int().Tag(map[string]string{"json": "a\tb"}),
			Id("Bb").Int(),
		)
	},
	"imports": func(f *File) {
		f.ImportName(rt, "runtime")
		f.Var().Id("a").Op("=").Qual(rt, "X")
		f.Var().Id("b").Op("=").Qual("encoding/json", "Marshal")
		f.Var().Id("c").Op("=").Qual("math/rand/v2", "N")
		f.Var().Id("d").Op("=").Qual("example.com/some-thing/v2", "Y")
		f.Var().Id("e").Op("=").Qual("example.com/other/runtime", "Z")
	},
}

func TestPrintsAsGofmt(t *testing.T) {
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			f := NewFile("p")
			f.HeaderComment("Code generated by a test. DO NOT EDIT.")
			build(f)
			var b bytes.Buffer
			if err := f.Render(&b); err != nil {
				t.Fatal(err)
			}
			if f.Formatted {
				t.Errorf("went through go/format; want it printed as gofmt prints it")
			}
			want, err := format.Source(b.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, b.String())
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("not as gofmt prints it (-gofmt +printed):\n%s", diff)
			}
		})
	}
}

// TestUnsureIsFormatted: a layout the printer does not model goes through
// go/format, and text Go source cannot hold is go/format's error.
func TestUnsureIsFormatted(t *testing.T) {
	f := NewFile("p")
	f.Comment("/* a block\n   comment */")
	f.Var().Id("a").Op("=").Id("f").Call(Line().Lit(1))
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		t.Fatal(err)
	}
	if !f.Formatted {
		t.Errorf("not formatted")
	}
	if want, _ := format.Source(b.Bytes()); !bytes.Equal(want, b.Bytes()) {
		t.Errorf("output is not gofmt'ed:\n%s", b.String())
	}

	f = NewFile("p")
	f.Const().Id("x").Op("=").Lit("ok")
	f.Const().Id("y").Op("=").Op("`a\x00b`")
	err := f.Render(&b)
	if err == nil || !strings.Contains(err.Error(), "illegal character NUL") {
		t.Errorf("error = %v, want go/format's illegal character NUL", err)
	}
}

func TestGoString(t *testing.T) {
	if got := Id("v").Dot("X").Index(Lit(1)).GoString(); got != "v.X[1]" {
		t.Errorf("GoString = %q", got)
	}
}

// FuzzPlainParagraph checks the shortcut of docText: a text
// plainParagraph accepts is one go/doc/comment prints unchanged, and the
// table holds what it must not accept.
func FuzzPlainParagraph(f *testing.F) {
	for _, s := range []string{
		"A plain sentence.\n",
		"Two lines of\none paragraph, with a URL https://example.com/a_b.\n",
		"Uses [Name] and [text]: inside a line.\n",
		"Heading\n\nText.\n",
		"# Heading\n",
		"- item\n",
		"1. item\n",
		"  code\n",
		"text \n",
		"\u2022 bullet\n",
		"no newline",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !plainParagraph(text) {
			return
		}
		var pr doccomment.Printer
		if out := string(pr.Comment(new(doccomment.Parser).Parse(text))); out != text {
			t.Errorf("plainParagraph(%q), but go/doc/comment prints %q", text, out)
		}
	})
}

func TestPlainParagraph(t *testing.T) {
	for text, want := range map[string]bool{
		"A plain sentence.\n":            true,
		"Two lines of\none paragraph.\n": true,
		"Heading\n\nText.\n":             false,
		"# Heading\n":                    false,
		"- item\n":                       false,
		"1. item\n":                      false,
		"  code\n":                       false,
		"text \n":                        false,
		"\u2022 bullet\n":                false,
		"[link]: https://example.com\n":  false,
		"no newline":                     false,
		"Text.\n\n":                      false,
	} {
		if got := plainParagraph(text); got != want {
			t.Errorf("plainParagraph(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestLitText checks the literals written without fmt against what
// fmt's %#v, the Go syntax of a value, writes.
func TestLitText(t *testing.T) {
	for _, v := range []any{
		"", "plain", `a "quoted" \ word`, "tab\tnew\nline\r", "\x00\x7f\u2028\ufeff", "é 日本 🎉",
		"\xff\xfe invalid", "`back`", 0, -12, 1 << 40, true, false,
	} {
		if got, want := litText(v), fmt.Sprintf("%#v", v); got != want {
			t.Errorf("litText(%#v) = %s, want %s", v, got, want)
		}
	}
}
