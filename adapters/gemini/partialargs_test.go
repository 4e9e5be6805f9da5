package gemini

import (
	"encoding/json"
	"testing"
)

func str(s string) *string { return &s }

func TestArgsWriter(t *testing.T) {
	yes := true
	tests := []struct {
		name string
		args []partialArg
		want string
	}{
		{"none", nil, `{}`},
		{"scalars", []partialArg{{JSONPath: "$.station", NumberValue: json.RawMessage(`9007199254740993`)}, {JSONPath: "$.live", BoolValue: &yes}, {JSONPath: "$.note", NullValue: str("NULL_VALUE")}},
			`{"station":9007199254740993,"live":true,"note":null}`},
		{"a string in pieces", []partialArg{{JSONPath: "$.city", StringValue: str(`Bos`), WillContinue: true}, {JSONPath: "$.city", StringValue: str(`ton "MA"`)}},
			`{"city":"Boston \"MA\""}`},
		{"a string cut by the next path", []partialArg{{JSONPath: "$.a", StringValue: str(`x`), WillContinue: true}, {JSONPath: "$.b", StringValue: str(`y`)}},
			`{"a":"x","b":"y"}`},
		{"nested", []partialArg{
			{JSONPath: "$.trip.stops[0].name", StringValue: str("A")}, {JSONPath: "$.trip.stops[0].days", NumberValue: json.RawMessage(`2`)},
			{JSONPath: "$.trip.stops[1].name", StringValue: str("B")}, {JSONPath: "$.trip['the end']", BoolValue: &yes}, {JSONPath: "$.tags[0]", StringValue: str("t")}},
			`{"trip":{"stops":[{"name":"A","days":2},{"name":"B"}],"the end":true},"tags":["t"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w argsWriter
			got := ""
			for _, a := range tt.args {
				s, err := w.write(a)
				if err != nil {
					t.Fatal(err)
				}
				got += s
			}
			got += w.end()
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("not JSON: %s", got)
			}
		})
	}
}

func TestArgsWriterErrors(t *testing.T) {
	for _, args := range [][]partialArg{
		{{JSONPath: "station", NumberValue: json.RawMessage(`1`)}},
		{{JSONPath: "$[0]", NumberValue: json.RawMessage(`1`)}},
		{{JSONPath: "$.a[1]", NumberValue: json.RawMessage(`1`)}},
		{{JSONPath: "$.a[0]", NumberValue: json.RawMessage(`1`)}, {JSONPath: "$.a.b", NumberValue: json.RawMessage(`1`)}},
		{{JSONPath: "$['a", NumberValue: json.RawMessage(`1`)}},
	} {
		var w argsWriter
		var err error
		for _, a := range args {
			if _, err = w.write(a); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%+v: want an error", args)
		}
	}
}
