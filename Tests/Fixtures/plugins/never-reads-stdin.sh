#!/bin/sh
# A plugin that never reads its standard input and never answers (its command line carries the
# marker $1): writing the request to it must never block Viewfinder.
sleep 100
