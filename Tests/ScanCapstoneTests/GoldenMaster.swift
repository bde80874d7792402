/// What the legacy screen did over `goldenScenarios`, recorded from its first commit.
///
/// One line per observation: an action, then what the screen shows after it,
/// and every route and opened code the action added.
///
/// Never edit it to make a test pass: it is the behaviour the refactoring must keep. To record it
/// again after adding a scenario, run the safety net on the legacy stub with
/// `KATA_GOLDEN_PRINT=1` and paste what it prints.
let goldenMaster = #"""
    ## a tap before anything is scanned does nothing
      shows viewfinder
    tap 0
      shows viewfinder
    tap -1
      shows viewfinder
    ## a frame with no code keeps the viewfinder
      shows viewfinder
    camera 1:[]
      shows viewfinder
    tap 0
      shows viewfinder
    ## one link: its result, opened by a tap anywhere
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0]
      shows result qr "https://shop.example/p/1" @0.0
      routed open link https://shop.example/p/1
    tap 0
      shows result qr "https://shop.example/p/1" @0.0
      opened qr "https://shop.example/p/1" @0.0
    tap 5
      shows result qr "https://shop.example/p/1" @0.0
      opened qr "https://shop.example/p/1" @0.0
    tap -1
      shows result qr "https://shop.example/p/1" @0.0
      opened qr "https://shop.example/p/1" @0.0
    ## one code seen as the phone moves is routed once
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0] 2:[qr "https://shop.example/p/1" @0.5] 3:[qr "https://shop.example/p/1" @0.0]
      shows result qr "https://shop.example/p/1" @0.0
      routed open link https://shop.example/p/1
    ## the same payload in another symbology is another code
      shows viewfinder
    camera 1:[ean13 "4006381333931" @0.0] 2:[code128 "4006381333931" @0.0]
      shows result code128 "4006381333931" @0.0
      routed show product 4006381333931
      routed show text "4006381333931"
    ## several codes in one frame: a picker, every code routed, a tap opens the one under it
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
      routed open link https://shop.example/p/1
      routed show product 96385074
      routed pay 251234567890123456
      routed show text "Hello, shop"
    tap 2
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
      opened qr "251234567890123456" @0.6
    tap 4
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
    tap -1
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
    tap 9223372036854775807
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
    tap -9223372036854775808
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
    tap 0
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
      opened qr "https://shop.example/p/1" @0.0
    tap 2
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3, qr "251234567890123456" @0.6, dataMatrix "Hello, shop" @0.8]
      opened qr "251234567890123456" @0.6
    ## a duplicate inside one frame is shown and routed once
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0, qr "https://shop.example/p/1" @0.5]
      shows picker [qr "https://shop.example/p/1" @0.0, qr "https://shop.example/p/1" @0.5]
      routed open link https://shop.example/p/1
    tap 1
      shows picker [qr "https://shop.example/p/1" @0.0, qr "https://shop.example/p/1" @0.5]
      opened qr "https://shop.example/p/1" @0.5
    ## a new camera session forgets the codes of the last one
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0]
      shows result qr "https://shop.example/p/1" @0.0
      routed open link https://shop.example/p/1
    camera 2:[qr "https://shop.example/p/1" @0.0]
      shows result qr "https://shop.example/p/1" @0.0
      routed open link https://shop.example/p/1
    ## each frame changes the screen; the last one decides
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0, dataMatrix "Hello, shop" @0.8] 2:[qr "251234567890123456" @0.6] 3:[]
      shows viewfinder
      routed open link https://shop.example/p/1
      routed show text "Hello, shop"
      routed pay 251234567890123456
    tap 0
      shows viewfinder
    ## a camera session with no frames changes nothing
      shows viewfinder
    camera 1:[code128 "301234567890123456" @0.0]
      shows result code128 "301234567890123456" @0.0
      routed pay 301234567890123456
    camera (no frames)
      shows result code128 "301234567890123456" @0.0
    tap 3
      shows result code128 "301234567890123456" @0.0
      opened code128 "301234567890123456" @0.0
    ## a code on screen again, beside a new one: both shown, only the new one routed
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0] 2:[qr "https://shop.example/p/1" @0.5, dataMatrix "🛒 basket" @0.0]
      shows picker [qr "https://shop.example/p/1" @0.5, dataMatrix "🛒 basket" @0.0]
      routed open link https://shop.example/p/1
      routed show text "🛒 basket"
    tap 1
      shows picker [qr "https://shop.example/p/1" @0.5, dataMatrix "🛒 basket" @0.0]
      opened dataMatrix "🛒 basket" @0.0
    ## the album: nothing picked changes nothing; each import is a session of its own
      shows viewfinder
    album (nothing picked)
      shows viewfinder
    album 7:[ean13 "4006381333931" @0.0]
      shows result ean13 "4006381333931" @0.0
      routed show product 4006381333931
    album 7:[ean13 "4006381333931" @0.0]
      shows result ean13 "4006381333931" @0.0
      routed show product 4006381333931
    tap 0
      shows result ean13 "4006381333931" @0.0
      opened ean13 "4006381333931" @0.0
    album 8:[]
      shows viewfinder
    ## camera, then album, then camera: three sessions
      shows viewfinder
    camera 1:[dataMatrix "Hello, shop" @0.8]
      shows result dataMatrix "Hello, shop" @0.8
      routed show text "Hello, shop"
    album 2:[dataMatrix "Hello, shop" @0.8, qr "https://shop.example/p/1" @0.0]
      shows picker [dataMatrix "Hello, shop" @0.8, qr "https://shop.example/p/1" @0.0]
      routed show text "Hello, shop"
      routed open link https://shop.example/p/1
    tap 1
      shows picker [dataMatrix "Hello, shop" @0.8, qr "https://shop.example/p/1" @0.0]
      opened qr "https://shop.example/p/1" @0.0
    camera 3:[dataMatrix "Hello, shop" @0.8]
      shows result dataMatrix "Hello, shop" @0.8
      routed show text "Hello, shop"
    ## from a picker to one code: a tap anywhere opens the one code
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3]
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3]
      routed open link https://shop.example/p/1
      routed show product 96385074
    tap 1
      shows picker [qr "https://shop.example/p/1" @0.0, ean8 "96385074" @0.3]
      opened ean8 "96385074" @0.3
    camera 2:[dataMatrix "Hello, shop" @0.8]
      shows result dataMatrix "Hello, shop" @0.8
      routed show text "Hello, shop"
    tap 7
      shows result dataMatrix "Hello, shop" @0.8
      opened dataMatrix "Hello, shop" @0.8
    ## links: any case of http(s)://, and near misses that are text
      shows viewfinder
    camera 1:[qr "HTTPS://SHOP.EXAMPLE/P/2" @0.0, qr "https:/shop.example/p/3" @0.0, qr "ftp://files.example" @0.0, code128 "qr:https://shop.example/p/1" @0.0]
      shows picker [qr "HTTPS://SHOP.EXAMPLE/P/2" @0.0, qr "https:/shop.example/p/3" @0.0, qr "ftp://files.example" @0.0, code128 "qr:https://shop.example/p/1" @0.0]
      routed open link HTTPS://SHOP.EXAMPLE/P/2
      routed show text "https:/shop.example/p/3"
      routed show text "ftp://files.example"
      routed show text "qr:https://shop.example/p/1"
    ## payment codes: 18 ASCII digits from 25 to 30, and near misses that are text
      shows viewfinder
    camera 1:[qr "251234567890123456" @0.6, code128 "301234567890123456" @0.0] 2:[qr "241234567890123456" @0.0, qr "311234567890123456" @0.0] 3:[qr "25123456789012345" @0.0, qr "٢٥١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦" @0.0]
      shows picker [qr "25123456789012345" @0.0, qr "٢٥١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦" @0.0]
      routed pay 251234567890123456
      routed pay 301234567890123456
      routed show text "241234567890123456"
      routed show text "311234567890123456"
      routed show text "25123456789012345"
      routed show text "٢٥١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦"
    ## payloads with new lines and emoji are shown and routed as they are
      shows viewfinder
    camera 1:[qr "line one\nline two" @0.0] 2:[dataMatrix "🛒 basket" @0.0, qr "line one\nline two" @0.0]
      shows picker [dataMatrix "🛒 basket" @0.0, qr "line one\nline two" @0.0]
      routed show text "line one\nline two"
      routed show text "🛒 basket"
    tap 0
      shows picker [dataMatrix "🛒 basket" @0.0, qr "line one\nline two" @0.0]
      opened dataMatrix "🛒 basket" @0.0
    ## spaces around a payload, or only spaces, are the payload
      shows viewfinder
    camera 1:[dataMatrix " Hello, shop \n" @0.0, code128 "   " @0.4, dataMatrix "Hello, shop" @0.8]
      shows picker [dataMatrix " Hello, shop \n" @0.0, code128 "   " @0.4, dataMatrix "Hello, shop" @0.8]
      routed show text " Hello, shop \n"
      routed show text "   "
      routed show text "Hello, shop"
    tap 1
      shows picker [dataMatrix " Hello, shop \n" @0.0, code128 "   " @0.4, dataMatrix "Hello, shop" @0.8]
      opened code128 "   " @0.4
    ## a frame delivered twice is two frames
      shows viewfinder
    camera 1:[qr "https://shop.example/p/1" @0.0, dataMatrix "Hello, shop" @0.8] 1:[qr "https://shop.example/p/1" @0.0, dataMatrix "Hello, shop" @0.8]
      shows picker [qr "https://shop.example/p/1" @0.0, dataMatrix "Hello, shop" @0.8]
      routed open link https://shop.example/p/1
      routed show text "Hello, shop"
    tap 0
      shows picker [qr "https://shop.example/p/1" @0.0, dataMatrix "Hello, shop" @0.8]
      opened qr "https://shop.example/p/1" @0.0
    """#
