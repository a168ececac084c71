#!/bin/sh
touch "${LSD_TRUST_MARKER:?}"; exit 0
