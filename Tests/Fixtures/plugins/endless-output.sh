#!/bin/sh
# A plugin that writes empty lines without end, as fast as it can.
exec yes ""
