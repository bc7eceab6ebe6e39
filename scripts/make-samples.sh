#!/usr/bin/env bash
# Regenerates Samples/: small photos with real embedded metadata (EXIF, IPTC, XMP),
# made with ImageMagick and exiftool from Debian (imagemagick, libimage-exiftool-perl).
# The output is committed; run this only to change the set.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v exiftool >/dev/null || { echo "needs exiftool (apt-get install libimage-exiftool-perl)" >&2; exit 1; }
command -v convert >/dev/null || { echo "needs ImageMagick (apt-get install imagemagick)" >&2; exit 1; }

out=Samples
rm -rf "$out"
mkdir -p "$out"

# folder/file|colours|title|description|keywords (comma)|date taken|make|model|lat|lon
while IFS='|' read -r file colours title description keywords taken make model lat lon; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  mkdir -p "$out/$(dirname "$file")"
  seed=$(printf '%s' "$file" | cksum | cut -d' ' -f1)
  convert -seed "$((seed % 100000))" -size 480x320 "plasma:$colours" -blur 0x2 -quality 70 \
    -sampling-factor 4:2:0 -strip "$out/$file"
  args=(-q -overwrite_original -codedcharacterset=utf8
    "-XMP-dc:Title=$title" "-IPTC:ObjectName=$title"
    "-XMP-dc:Description=$description" "-EXIF:ImageDescription=$description" "-IPTC:Caption-Abstract=$description"
    "-EXIF:DateTimeOriginal=$taken" "-EXIF:CreateDate=$taken" "-EXIF:Make=$make" "-EXIF:Model=$model"
    "-EXIF:Artist=Viewfinder Samples" "-XMP-dc:Creator=Viewfinder Samples" "-XMP-xmp:Rating=$(( ${#title} % 5 + 1 ))"
    "-EXIF:Copyright=CC0 1.0 (public domain dedication)")
  IFS=',' read -ra words <<<"$keywords"
  for word in "${words[@]}"; do args+=("-XMP-dc:Subject+=$word" "-IPTC:Keywords+=$word"); done
  if [[ -n "$lat" ]]; then
    args+=("-GPSLatitude=${lat#-}" "-GPSLatitudeRef=$([[ $lat == -* ]] && echo S || echo N)"
      "-GPSLongitude=${lon#-}" "-GPSLongitudeRef=$([[ $lon == -* ]] && echo W || echo E)")
  fi
  exiftool "${args[@]}" "$out/$file"
done <<'LIST'
harbor-lighthouse-dusk.jpg|orange-navy|Lighthouse at dusk|The harbour light comes on as the sun sets behind the breakwater.|lighthouse,harbor,dusk,sea|2023:09:14 19:42:10|FUJIFILM|X-T4|44.6476|-63.5728
harbor-fishing-boats-morning.jpg|skyblue-white|Fishing boats in the morning|Trawlers moored in the inner harbour before the fleet goes out.|harbor,boats,fishing,morning|2023:09:15 06:58:31|FUJIFILM|X-T4|44.6488|-63.5752
harbor-crane-fog.jpg|gray-lightgray|Cranes in the fog|Container cranes fading into sea fog.|harbor,fog,industry|2023:10:02 08:12:00|FUJIFILM|X-T4||
mountain-lake-reflection.jpg|steelblue-forestgreen|Mountain lake reflection|Peaks mirrored in a still alpine lake at first light.|mountain,lake,reflection,alps|2022:07:21 05:47:13|Canon|EOS R6|46.4908|9.8355
mountain-ridge-sunrise.jpg|gold-purple|Ridge at sunrise|The first sun on a knife-edge ridge above the clouds.|mountain,sunrise,ridge,clouds|2022:07:22 05:31:44|Canon|EOS R6|46.5126|9.8901
mountain-hut-snow.jpg|white-slategray|Hut in the snow|A mountain refuge half buried after a spring storm.|mountain,snow,hut,winter|2022:04:03 13:20:05|Canon|EOS R6||
forest-path-autumn.jpg|darkorange-saddlebrown|Forest path in autumn|A beech forest path covered in orange leaves.|forest,autumn,path,leaves|2021:10:24 15:05:51|NIKON CORPORATION|NIKON Z 6|50.9375|6.9603
forest-mushrooms-moss.jpg|darkgreen-sienna|Mushrooms on moss|A cluster of small mushrooms on a mossy log.|forest,mushrooms,macro,moss|2021:10:24 15:40:12|NIKON CORPORATION|NIKON Z 6||
forest-stream-long-exposure.jpg|seagreen-lightcyan|Forest stream|A long exposure of a stream running through ferns.|forest,stream,water,long exposure|2021:06:11 11:02:33|NIKON CORPORATION|NIKON Z 6|50.9012|7.0210
city-night-traffic.jpg|midnightblue-orangered|Night traffic|Light trails of traffic on a wet avenue.|city,night,traffic,light trails|2024:01:19 21:14:07|SONY|ILCE-7M3|40.7580|-73.9855
city-rooftops-rain.jpg|dimgray-lightsteelblue|Rooftops in the rain|Zinc rooftops and chimneys under a passing shower.|city,rooftops,rain,paris|2024:03:02 16:45:29|SONY|ILCE-7M3|48.8566|2.3522
city-market-stalls.jpg|crimson-khaki|Market stalls|Fruit and flower stalls at a Saturday market.|city,market,food,street|2024:03:09 10:03:44|SONY|ILCE-7M3||
city-bridge-fog.jpg|lightgray-darkslategray|Bridge in the fog|A suspension bridge disappearing into morning fog.|city,bridge,fog|2023:11:05 07:30:18|SONY|ILCE-7M3|37.8199|-122.4783
desert-dunes-shadow.jpg|sandybrown-peru|Dunes and shadows|Wind-carved dunes throwing long shadows in the late afternoon.|desert,dunes,sand,shadow|2022:02:11 17:22:50|Canon|EOS R6|23.4162|25.6628
desert-cactus-bloom.jpg|yellowgreen-hotpink|Cactus in bloom|A saguaro flowering after spring rain.|desert,cactus,flower,bloom|2022:04:18 09:15:02|Canon|EOS R6|32.2967|-111.1666
desert-night-stars.jpg|black-navy|Stars over the desert|The Milky Way above a desert camp.|desert,night,stars,milky way|2022:02:12 23:48:19|Canon|EOS R6||
beach-waves-sunset.jpg|coral-darkblue|Waves at sunset|Waves breaking on a wide beach as the sun goes down.|beach,waves,sunset,sea|2023:08:02 20:41:36|FUJIFILM|X-T4|38.7223|-9.1393
beach-shells-macro.jpg|bisque-tan|Shells in the sand|A macro of small shells left by the tide.|beach,shells,macro,sand|2023:08:03 11:27:41|FUJIFILM|X-T4||
beach-pier-blue-hour.jpg|royalblue-lightsalmon|Pier at blue hour|An old wooden pier in the blue hour after sunset.|beach,pier,blue hour,sea|2023:08:04 21:12:09|FUJIFILM|X-T4|50.8198|-0.1368
garden-roses-dew.jpg|mediumvioletred-palegreen|Roses with dew|Morning dew on garden roses.|garden,roses,flower,dew,macro|2024:06:08 06:44:21|Apple|iPhone 14 Pro||
garden-bee-lavender.jpg|mediumpurple-gold|Bee on lavender|A bumblebee working through a lavender border.|garden,bee,lavender,insect|2024:07:01 14:31:57|Apple|iPhone 14 Pro|43.9493|4.8055
wildlife/fox-snow-field.jpg|white-darkorange|Fox in a snowy field|A red fox hunting mice under fresh snow.|wildlife,fox,snow,winter|2023:01:28 09:55:06|NIKON CORPORATION|NIKON Z 6|61.2181|-149.9003
wildlife/heron-river-morning.jpg|lightslategray-wheat|Heron on the river|A grey heron waiting in the shallows at dawn.|wildlife,heron,bird,river|2023:05:14 06:20:37|NIKON CORPORATION|NIKON Z 6||
wildlife/deer-forest-clearing.jpg|olivedrab-burlywood|Deer in a clearing|A roe deer stepping into a forest clearing.|wildlife,deer,forest|2023:05:20 19:48:12|NIKON CORPORATION|NIKON Z 6|51.1657|10.4515
portraits/street-musician-cafe.jpg|firebrick-antiquewhite|Street musician|A violinist playing outside a café.|portrait,street,music,café|2024:05:11 17:05:43|SONY|ILCE-7M3|41.3874|2.1686
portraits/fisherman-harbor-nets.jpg|darkslateblue-peachpuff|Fisherman mending nets|An old fisherman mending nets on the harbour wall.|portrait,harbor,fisherman,nets|2023:09:15 09:14:28|FUJIFILM|X-T4|44.6470|-63.5710
architecture/cathedral-nave-light.jpg|goldenrod-dimgray|Light in the nave|Sunlight through stained glass in a Gothic nave.|architecture,cathedral,light,interior|2022:11:26 12:33:09|Canon|EOS R6|48.8530|2.3499
architecture/spiral-staircase.jpg|silver-black|Spiral staircase|Looking down a spiral staircase in an old library.|architecture,staircase,spiral,interior|2022:11:27 15:12:46|Canon|EOS R6||
architecture/glass-tower-reflections.jpg|lightskyblue-slategray|Glass tower reflections|Clouds reflected in the curtain wall of an office tower.|architecture,city,glass,reflection|2024:01:20 13:08:11|SONY|ILCE-7M3|40.7128|-74.0060
café-terrace-évening.jpg|darkgoldenrod-maroon|Café terrace in the evening|A café terrace lit up on a summer evening.|café,evening,street,city|2024:06:21 21:35:02|Apple|iPhone 14 Pro|43.6047|1.4442
LIST
echo "made $(find "$out" -type f | wc -l) photos in $out, $(du -sh "$out" | cut -f1) in all"
