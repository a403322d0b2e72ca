"""Tickets store: the shapes boto3's guide and real projects use.

A docstring may mention KeyConditionExpression="#pk = :pk": it is text.
"""
import os
from decimal import Decimal

import boto3
from boto3.dynamodb.conditions import Key, Attr

TABLE_NAME = os.environ["TABLE_NAME"]
BY_STATUS = "#s = :s"

dynamodb = boto3.resource("dynamodb")
table = dynamodb.Table(TABLE_NAME)
client = boto3.client("dynamodb", region_name="eu-west-1")


class TicketRepo:
    def __init__(self):
        self.table = boto3.resource("dynamodb").Table("Tickets")
        self.client = self.table.meta.client

    def open_tickets(self, owner):
        # dynexpr:table Tickets
        return self.table.query(
            IndexName="owner-index",
            KeyConditionExpression="#o = :o AND begins_with(sk, :p)",
            FilterExpression="#s <> :closed",
            ExpressionAttributeNames={"#o": "owner", "#s": "status"},
            ExpressionAttributeValues={
                ":o": owner,
                ":p": "TICKET#",
                ":closed": "closed",
            },
            ScanIndexForward=False,
        )["Items"]

    def close(self, ticket_id, version):
        self.client.update_item(
            TableName="Tickets",
            Key={"pk": {"S": ticket_id}, "sk": {"S": "META"}},
            UpdateExpression=(
                "SET #s = :closed, #v = :next"
                " REMOVE assignee"
            ),
            ConditionExpression="#v = :version",
            ExpressionAttributeNames={"#s": "status", "#v": "version"},
            ExpressionAttributeValues={
                ":closed": {"S": "closed"},
                ":next": {"N": str(version + 1)},
                ":version": {"N": "7"},
            },
            ReturnValues="ALL_NEW",
        )


def by_status(status):
    return table.query(KeyConditionExpression=BY_STATUS, ExpressionAttributeValues={":s": status})


def with_builder(owner):
    # The condition builder writes the expression: nothing to read.
    return table.query(KeyConditionExpression=Key("owner").eq(owner) & Key("sk").begins_with("T"))


def put(item):
    table.put_item(Item={"pk": "a", "n": Decimal("1.50"), "tags": {"x", "y"}, "ok": True, "none": None},
                   ConditionExpression='attribute_not_exists(pk)')


def transact(a, b):
    client.transact_write_items(TransactItems=[
        {"Put": {"TableName": "Tickets", "Item": {"pk": {"S": a}},
                 "ConditionExpression": "attribute_not_exists(pk)"}},
        {"Update": {"TableName": "Tickets", "Key": {"pk": {"S": b}},
                    "UpdateExpression": r"SET #c = #c + :one",
                    "ExpressionAttributeNames": {"#c": "count"},
                    "ExpressionAttributeValues": {":one": {"N": "1"}}}},
    ])


def paged(**kwargs):
    params = {"KeyConditionExpression": "pk = :pk", "ExpressionAttributeValues": {":pk": "x"}, **kwargs}
    return table.query(**params)
