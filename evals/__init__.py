"""The eval suite (accuracy, abstention, confident-wrong rate over recorded LLM responses) is its
own issue; this package is where it lives."""
