"""KeyConditionExpression="#pk = :pk" in a docstring is not a request."""
# table.query(KeyConditionExpression="pk = :pk") in a comment
import boto3

table = boto3.resource("dynamodb").Table("T")
LOOKS_LIKE = "KeyConditionExpression = :x"
message = 'FilterExpression="a = :a"'


def dynamic(field, value, extra):
    table.query(KeyConditionExpression=f"{field} = :v", ExpressionAttributeValues={":v": value})
    table.query(KeyConditionExpression="#pk = :pk" + extra)
    table.query(KeyConditionExpression="%s = :v" % field)
    table.query(KeyConditionExpression="{} = :v".format(field))
    table.query(KeyConditionExpression=field)
    table.scan(FilterExpression=build_filter(field))
    params = {}
    params["FilterExpression"] = "a = :a"
    values = {k: {"S": v} for k, v in extra.items()}
    table.query(KeyConditionExpression=expr, ExpressionAttributeValues=values)
