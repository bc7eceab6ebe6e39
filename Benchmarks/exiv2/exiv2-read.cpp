// exiv2-read: reads each file's metadata with exiv2 and prints it as a JSON array in the shape of
// `viewfinder inspect --format json` (path, camera_make, camera_model, taken_at, orientation,
// latitude, longitude, width, height), so scripts/agreement_report.py can compare it with exiftool.
// A benchmark program only (Benchmarks/exiv2-compare.sh builds it): exiv2 is GPL-2+ and is never
// linked into Viewfinder.
// Usage: exiv2-read [--find WORD] [FILE...]   (no FILE: paths one a line on standard input).
// --find WORD prints only the paths whose XMP dc:subject holds WORD (a search, as a first search
// of a local folder reads the same headers).
#include <exiv2/exiv2.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

static std::string json(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { out += '\\'; out += char(c); }
        else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); out += b; }
        else out += char(c);
    }
    return out + "\"";
}

static std::string trim(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\0')) s.pop_back();
    size_t i = 0;
    while (i < s.size() && s[i] == ' ') i++;
    return s.substr(i);
}

static std::string exifText(const Exiv2::ExifData& d, const char* key) {
    auto it = d.findKey(Exiv2::ExifKey(key));
    return it == d.end() ? "" : trim(it->toString());
}
static std::string xmpText(const Exiv2::XmpData& d, const char* key) {
    auto it = d.findKey(Exiv2::XmpKey(key));
    return it == d.end() ? "" : trim(it->toString());
}
static std::string iptcText(const Exiv2::IptcData& d, const char* key) {
    auto it = d.findKey(Exiv2::IptcKey(key));
    return it == d.end() ? "" : trim(it->toString());
}

// "YYYY:MM:DD HH:MM:SS" (EXIF) or "YYYY-MM-DDTHH:MM:SS[offset]" (XMP) to ISO 8601, with OFFSET.
static std::string isoDate(std::string s, std::string offset) {
    if (s.size() < 19) return "";
    std::string d = s.substr(0, 4) + "-" + s.substr(5, 2) + "-" + s.substr(8, 2) + "T" + s.substr(11, 8);
    for (char c : d) if (!(std::isdigit((unsigned char)c) || c == '-' || c == 'T' || c == ':')) return "";
    if (d.substr(0, 4) == "0000") return "";
    std::string rest = s.substr(19);
    while (!rest.empty() && (rest[0] == '.' || std::isdigit((unsigned char)rest[0]))) rest.erase(0, 1);
    if (offset.empty()) offset = rest;
    if (offset == "Z") offset = "+00:00";
    if (offset.size() == 6 && (offset[0] == '+' || offset[0] == '-')) d += offset;
    return d;
}

static bool degrees(const Exiv2::ExifData& d, const char* key, const char* refKey, double& out) {
    auto it = d.findKey(Exiv2::ExifKey(key));
    if (it == d.end() || it->count() < 1) return false;
    double v = 0, scale = 1;
    for (long i = 0; i < std::min(3L, long(it->count())); i++) {  // degrees, minutes, seconds (or fewer)
        Exiv2::Rational r = it->toRational(i);
        if (r.second == 0) { if (r.first != 0) return false; continue; }
        v += double(r.first) / r.second / scale;
        scale *= 60;
    }
    std::string ref = exifText(d, refKey);
    if (ref == "S" || ref == "W") v = -v;
    out = v == 0 ? 0 : v;
    return true;
}

// XMP's "DD,MM.mmN" or "DD,MM,SSN".
static bool xmpDegrees(const Exiv2::XmpData& d, const char* key, double& out) {
    std::string s = xmpText(d, key);
    if (s.size() < 2) return false;
    char ref = s.back();
    s.pop_back();
    double v = 0, scale = 1;
    size_t start = 0;
    for (int part = 0; part < 3 && start <= s.size(); part++) {
        size_t comma = s.find(',', start);
        std::string piece = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end;
        double x = std::strtod(piece.c_str(), &end);
        if (piece.empty() || *end) return false;
        v += x / scale;
        scale *= 60;
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (ref == 'S' || ref == 'W') v = -v;
    else if (ref != 'N' && ref != 'E') return false;
    out = v == 0 ? 0 : v;
    return true;
}

int main(int argc, char** argv) {
    Exiv2::LogMsg::setLevel(Exiv2::LogMsg::mute);
    Exiv2::XmpParser::initialize();
#ifdef EXV_ENABLE_BMFF
    Exiv2::enableBMFF(true);
#endif
    std::string find;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--find" && i + 1 < argc) find = argv[++i];
        else paths.push_back(a);
    }
    if (paths.empty()) for (std::string line; std::getline(std::cin, line);) if (!line.empty()) paths.push_back(line);
    std::string out;
    bool first = true;
    if (find.empty()) out += "[";
    for (const auto& path : paths) {
        std::string entry = "{\"path\":" + json(path);
        try {
            auto image = Exiv2::ImageFactory::open(path);
            image->readMetadata();
            const auto& exif = image->exifData();
            const auto& xmp = image->xmpData();
            const auto& iptc = image->iptcData();
            if (!find.empty()) {
                auto it = xmp.findKey(Exiv2::XmpKey("Xmp.dc.subject"));
                if (it != xmp.end())
                    for (long i = 0; i < it->count(); i++) {
                        std::string w = it->toString(i);
                        std::transform(w.begin(), w.end(), w.begin(), ::tolower);
                        if (w == find) { out += path + "\n"; break; }
                    }
                continue;
            }
            std::string make = exifText(exif, "Exif.Image.Make"), model = exifText(exif, "Exif.Image.Model");
            if (make.empty()) make = xmpText(xmp, "Xmp.tiff.Make");
            if (model.empty()) model = xmpText(xmp, "Xmp.tiff.Model");
            std::string taken = isoDate(exifText(exif, "Exif.Photo.DateTimeOriginal"), exifText(exif, "Exif.Photo.OffsetTimeOriginal"));
            if (taken.empty()) taken = isoDate(exifText(exif, "Exif.Image.DateTimeOriginal"), "");  // 0x9003 in IFD0
            if (taken.empty()) taken = isoDate(xmpText(xmp, "Xmp.exif.DateTimeOriginal"), "");
            if (taken.empty()) taken = isoDate(xmpText(xmp, "Xmp.photoshop.DateCreated"), "");
            if (taken.empty()) {
                std::string day = iptcText(iptc, "Iptc.Application2.DateCreated"), time = iptcText(iptc, "Iptc.Application2.TimeCreated");
                if (day.size() == 10 && time.size() >= 8)
                    taken = isoDate(day.substr(0, 4) + ":" + day.substr(5, 2) + ":" + day.substr(8, 2) + " " + time.substr(0, 8), time.substr(8));
            }
            long orientation = 0;
            auto o = exif.findKey(Exiv2::ExifKey("Exif.Image.Orientation"));
            if (o != exif.end() && o->count() > 0) orientation = o->toLong();
            else if (!xmpText(xmp, "Xmp.tiff.Orientation").empty()) orientation = std::atol(xmpText(xmp, "Xmp.tiff.Orientation").c_str());
            long width = image->pixelWidth(), height = image->pixelHeight();
            std::string type = image->mimeType();
            bool heif = type.find("heic") != std::string::npos || type.find("heif") != std::string::npos || type.find("avif") != std::string::npos;
            if (orientation >= 5 && orientation <= 8 && !heif) std::swap(width, height);
            double lat, lon;
            bool gps = degrees(exif, "Exif.GPSInfo.GPSLatitude", "Exif.GPSInfo.GPSLatitudeRef", lat) &&
                       degrees(exif, "Exif.GPSInfo.GPSLongitude", "Exif.GPSInfo.GPSLongitudeRef", lon);
            if (!gps) gps = xmpDegrees(xmp, "Xmp.exif.GPSLatitude", lat) && xmpDegrees(xmp, "Xmp.exif.GPSLongitude", lon);
            if (!make.empty()) entry += ",\"camera_make\":" + json(make);
            if (!model.empty()) entry += ",\"camera_model\":" + json(model);
            if (!taken.empty()) entry += ",\"taken_at\":" + json(taken);
            if (orientation >= 1 && orientation <= 8) entry += ",\"orientation\":" + std::to_string(orientation);
            if (gps) {
                char b[64];
                std::snprintf(b, sizeof b, ",\"latitude\":%.9f,\"longitude\":%.9f", lat, lon);
                entry += b;
            }
            if (width > 0 && height > 0) entry += ",\"width\":" + std::to_string(width) + ",\"height\":" + std::to_string(height);
            entry += ",\"mime_type\":" + json(type);
        } catch (const std::exception& e) {
            if (!find.empty()) continue;
            entry += ",\"error\":" + json(e.what());
        }
        out += (first ? "" : ",\n") + entry + "}";
        first = false;
    }
    if (find.empty()) out += "]\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    Exiv2::XmpParser::terminate();
    return 0;
}
