package schema

import (
	"path/filepath"
	"strings"
	"testing"
)

// Templates in the shapes of real SAM applications (testdata/env/SOURCES.md): the
// table each handler's environment variable holds, read by hand.
func TestEnvTableRealTemplates(t *testing.T) {
	for _, tc := range []struct {
		dir, handler, variable string
		table                  string // the table's Name
		unresolved             bool   // the template leaves its name in DynamoDB unknown
	}{
		{"apigw-websocket-mapping-template-authorizer", "src/sendmessage.mjs", "TABLE_NAME", "connection_table", false},
		{"apigw-websocket-mapping-template-authorizer", "src/onconnect.mjs", "TABLE_NAME", "connection_table", false},
		{"lambda-dynamodb", "src/app.js", "DatabaseTable", "DynamoTable", true},
		{"lambda-durable-webhook-sam-nodejs", "src/webhook_processor/index.js", "EVENTS_TABLE_NAME", "dev-webhook-events", false},
		{"lambda-durable-webhook-sam-nodejs", "src/status_query/index.js", "EVENTS_TABLE_NAME", "dev-webhook-events", false},
		{"cloudfront-apigw-rest-api-lambda-dynamodb-sam", "src/function.js", "DatabaseTable", "DynamoDBTable", true},
	} {
		t.Run(tc.dir+"/"+tc.handler, func(t *testing.T) {
			dir := filepath.Join("testdata", "env", tc.dir)
			s, err := Load(filepath.Join(dir, "template.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			l := s.EnvTable(tc.variable, filepath.Join(dir, tc.handler))
			if l.Table == nil {
				t.Fatalf("EnvTable(%s) = no table (candidates %d)", tc.variable, len(l.Candidates))
			}
			if l.Table.Name != tc.table || (l.Table.Unresolved != "") != tc.unresolved {
				t.Errorf("EnvTable(%s) = %q (unresolved %q), want %q", tc.variable, l.Table.Name, l.Table.Unresolved, tc.table)
			}
			if l.Var == nil || !l.Var.Pos.IsValid() || l.Var.Name != tc.variable {
				t.Errorf("the setting is %+v, want the variable's place", l.Var)
			}
			// A variable no function is given names nothing.
			if l := s.EnvTable("NO_SUCH_VARIABLE", filepath.Join(dir, tc.handler)); l.Table != nil || l.Candidates != nil {
				t.Errorf("EnvTable(NO_SUCH_VARIABLE) = %+v, want nothing", l)
			}
		})
	}
}

// One variable holding different tables for different functions is told
// apart by the handler's file; a file that is no single function's
// handler gets the Globals' table, or the candidates, never a guess.
func TestEnvTableByHandler(t *testing.T) {
	const src = `Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage: {Type: String, Default: prod}
  TableParam: {Type: String}
Globals:
  Function:
    CodeUri: shared/
    Environment:
      Variables:
        TABLE: !Ref Fallback
        ARN_LIST: !GetAtt [Orders, Arn]
        SUBBED: !Sub "${Users}"
        NAMED: !Sub "app-${Stage}-users"
        PARAM: !Ref TableParam
        LITERAL: users-literal
Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties:
      KeySchema: [{AttributeName: id, KeyType: HASH}]
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
  Users:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub "app-${Stage}-users"
      KeySchema: [{AttributeName: id, KeyType: HASH}]
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
  Literal:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: users-literal
      KeySchema: [{AttributeName: id, KeyType: HASH}]
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
  Fallback:
    Type: AWS::Serverless::SimpleTable
  OrdersFn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: orders/
      Handler: handlers.get.lambda_handler
      Environment: {Variables: {TABLE: !Ref Orders}}
  UsersFn:
    Type: AWS::Serverless::Function
    Properties:
      Handler: users.handler
      Environment: {Variables: {TABLE: !Ref Users}}
  PlainFn:
    Type: AWS::Lambda::Function
    Properties:
      Handler: index.handler
      Environment: {Variables: {TABLE: !Ref Literal}}
`
	s, err := Parse("infra/template.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ variable, file, want string }{
		{"TABLE", "infra/orders/handlers/get.py", "Orders"},
		{"TABLE", "infra/orders/handlers.get.py", "Orders"},
		{"TABLE", "infra/shared/users.ts", "app-prod-users"},
		{"TABLE", "infra/lib/util.py", "Fallback"}, // no function's handler: the Globals'
		{"ARN_LIST", "x.py", "Orders"},
		{"SUBBED", "x.py", "app-prod-users"},
		{"NAMED", "x.py", "app-prod-users"},
		{"LITERAL", "x.py", "users-literal"},
	} {
		l := s.EnvTable(tc.variable, tc.file)
		if l.Table == nil || l.Table.Name != tc.want {
			t.Errorf("EnvTable(%s, %s) = %+v, want %s", tc.variable, tc.file, l, tc.want)
		}
	}
	// A parameter with no value names no table: unknown, not guessed.
	if l := s.EnvTable("PARAM", "x.py"); l.Table != nil || l.Candidates != nil {
		t.Errorf("EnvTable(PARAM) = %+v, want nothing", l)
	}

	// Without Globals, a file that is no handler has every candidate.
	s, err = Parse("template.yaml", []byte(strings.Replace(src, "        TABLE: !Ref Fallback\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	l := s.EnvTable("TABLE", "lib/util.py")
	if l.Table != nil || len(l.Candidates) != 3 {
		t.Fatalf("EnvTable(TABLE, lib/util.py) = %+v, want 3 candidates", l)
	}
	for i, want := range []string{"OrdersFn", "UsersFn", "PlainFn"} {
		if l.Candidates[i].Function != want {
			t.Errorf("candidate %d is %q, want %q", i, l.Candidates[i].Function, want)
		}
	}
}

// A serverless.yml: the provider's environment is every function's; a
// function's own wins for its handler's file. The service
// (testdata/env/SOURCES.md) names its table and the variable by one
// expression of the stage, which --var gives.
func TestEnvTableServerless(t *testing.T) {
	path := filepath.Join("testdata", "env", "aws-node-rest-api-with-dynamodb", "serverless.yml")
	s, err := LoadWith(Options{Vars: map[string]string{"stage": "dev"}}, path)
	if err != nil {
		t.Fatal(err)
	}
	l := s.EnvTable("DYNAMODB_TABLE", filepath.Join(filepath.Dir(path), "todos", "update.js"))
	if l.Table == nil || l.Table.Name != "serverless-rest-api-with-dynamodb-dev" {
		t.Fatalf("EnvTable(DYNAMODB_TABLE) = %+v, want serverless-rest-api-with-dynamodb-dev", l)
	}
	// Without the stage neither the table's name nor the variable's value
	// is known: nothing is guessed.
	if s, err = Load(path); err != nil {
		t.Fatal(err)
	}
	if l := s.EnvTable("DYNAMODB_TABLE", "todos/update.js"); l.Table != nil || l.Candidates != nil {
		t.Errorf("without --var stage: %+v, want nothing", l)
	}

	const src = `service: shop
provider:
  name: aws
  environment:
    TABLE: {Ref: Orders}
    AUDIT: shop-audit
functions:
  users:
    handler: src/users.handler
    environment:
      TABLE: !Ref Users
  orders:
    handler: src/orders.handler
resources:
  Resources:
    Orders:
      Type: AWS::DynamoDB::Table
      Properties:
        TableName: shop-orders
        KeySchema: [{AttributeName: id, KeyType: HASH}]
        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
    Users:
      Type: AWS::DynamoDB::Table
      Properties:
        TableName: ${self:service}-users
        KeySchema: [{AttributeName: id, KeyType: HASH}]
        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
    Audit:
      Type: AWS::DynamoDB::Table
      Properties:
        TableName: shop-audit
        KeySchema: [{AttributeName: id, KeyType: HASH}]
        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
`
	if s, err = Parse("svc/serverless.yml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ variable, file, want string }{
		{"TABLE", "svc/src/users.ts", "shop-users"},
		{"TABLE", "svc/src/orders.js", "shop-orders"},
		{"TABLE", "svc/src/lib/db.js", "shop-orders"}, // no function's handler: the provider's
		{"AUDIT", "svc/src/users.ts", "shop-audit"},
	} {
		if l := s.EnvTable(tc.variable, tc.file); l.Table == nil || l.Table.Name != tc.want {
			t.Errorf("EnvTable(%s, %s) = %+v, want %s", tc.variable, tc.file, l, tc.want)
		}
	}
}
