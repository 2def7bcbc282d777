"""The value network's recipe: sample leaves, label them with the anchor, fit
(docs/develop/network.md)."""
