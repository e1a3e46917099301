"""Runs AWS's own SAM transform (aws-sam-translator, the library CloudFormation's AWS::Serverless transform and
the SAM CLI use) over a template, offline, and prints the CloudFormation it makes as JSON."""
import json
import os
import sys

os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-1")

from samtranslator.translator.transform import transform  # noqa: E402
from samtranslator.yaml_helper import yaml_parse  # noqa: E402


class NoManagedPolicies:
    """The managed-policy map would be read from IAM; the fixture names no managed policy."""

    def load(self):
        return {}


template = yaml_parse(open(sys.argv[1]).read())
# `sam package` uploads local code and writes its S3 location into CodeUri before the transform runs.
for holder in [template.get("Globals", {}).get("Function", {})] + [
    (r.get("Properties") or {}) for r in template["Resources"].values() if r.get("Type") == "AWS::Serverless::Function"
]:
    if isinstance(holder.get("CodeUri"), str):
        holder["CodeUri"] = "s3://bucket/code.zip"
print(json.dumps(transform(template, {"Stage": "prod"}, NoManagedPolicies())))
